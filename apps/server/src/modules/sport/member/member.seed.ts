import { sql } from 'drizzle-orm';
import { parseIdCard } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { findOrgByCode } from '../../system/index.ts';
import { insertIdentity, insertListEntries, insertMember, patchMembers, searchMembers, type MemberInsert } from './member.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'member_demo_seeded';
/** The members issue's demo records (a database seeded before them gets them once too). */
const SEEDED_KEY_2 = 'member_demo_seeded_2';

async function seeded(db: Db, key: string): Promise<boolean> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${key}`)) as unknown as { rows: unknown[] };
  return done.rows.length > 0;
}
const markSeeded = (tx: Tx, key: string) => tx.execute(sql`insert into sys_meta (key, value) values (${key}, 1) on conflict (key) do nothing`);

/**
 * The demo centre's members (`SEED_DEMO=1`), once per database: regulars the front desk books for;
 * then individuals with tags and id cards, a company with two entrants, a black-listed and a
 * white-listed member, a referral chain and an identity check waiting for review.
 */
export async function seedMemberDemo(db: Db): Promise<void> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  if (!(await seeded(db, SEEDED_KEY))) {
    await db.transaction(async (tx) => {
      for (const [memberNo, name, phone, level] of [
        ['VIP-0001', '张晓明', '13900001111', 'gold'],
        ['VIP-0002', '李娜', '13700002222', 'gold'],
        ['M-1003', '王强', '13600008888', null],
        ['M-1004', '陈静', '13500009999', null],
      ] as const)
        await insertMember(tx, SYSTEM_SCOPE, { orgId: center.id, memberNo, name, phone, level });
      await markSeeded(tx, SEEDED_KEY);
    });
  }
  if (await seeded(db, SEEDED_KEY_2)) return;
  await db.transaction(async (tx) => {
    const orgId = center.id;
    const add = (v: Omit<MemberInsert, 'orgId'>) => {
      const card = v.idType === '1' ? parseIdCard(v.idNo) : null;
      return insertMember(tx, SYSTEM_SCOPE, { orgId, birthday: card?.birthday, sex: card?.sex, ...v });
    };
    const [top] = await searchMembers(tx, SYSTEM_SCOPE, 'VIP-0001', 1);
    const zhao = await add({
      memberNo: 'M-1005',
      name: '赵磊',
      phone: '13811110005',
      idType: '1',
      idNo: '110108199003072310',
      tags: ['羽毛球', '周末常客'],
      level: 'gold',
      address: '北京市海淀区中关村大街 1 号',
      registerDate: '2025-09-12',
      remark: '喜欢晚间场',
    });
    const sun = await add({
      memberNo: 'M-1006',
      name: '孙悦',
      phone: '13811110006',
      idType: '1',
      idNo: '310104198511224621',
      tags: ['游泳'],
      source: 'referral',
      referrerId: top?.id ?? zhao.id,
      registerDate: '2025-11-03',
    });
    await add({
      memberNo: 'M-1007',
      name: '周杰',
      phone: '13811110007',
      idType: '1',
      idNo: '440305199206151535',
      tags: ['网球'],
      source: 'referral',
      referrerId: sun.id,
      registerDate: '2026-02-18',
    });
    await add({ memberNo: 'M-1008', name: '冯雪', phone: '13811110008', source: 'referral', referrerId: sun.id, tags: ['瑜伽'], registerDate: '2026-03-02' });
    const company = await add({
      memberNo: 'C-0001',
      kind: 'corporate',
      name: '星辰科技有限公司',
      phone: '13811110009',
      creditCode: '91110105MA01ABCD1X',
      contactName: '刘经理',
      address: '北京市朝阳区望京 SOHO',
      tags: ['企业客户'],
      registerDate: '2025-06-01',
    });
    await add({ memberNo: 'M-1010', name: '刘洋', phone: '13811110010', idType: '1', idNo: '11010519880808004X', companyId: company.id, source: 'corporate' });
    await add({ memberNo: 'M-1011', name: '黄婷', phone: '13811110011', companyId: company.id, source: 'corporate', tags: ['羽毛球'] });
    const wu = await add({ memberNo: 'M-1012', name: '吴刚', phone: '13811110012', idType: '1', idNo: '320102199501205711', remark: '多次预订未到场' });
    const zheng = await add({
      memberNo: 'M-1013',
      name: '郑华',
      phone: '13811110013',
      idType: '1',
      idNo: '110101197805120034',
      tags: ['校队教练'],
      level: 'gold',
    });
    const qian = await add({ memberNo: 'M-1014', name: '钱多多', phone: '13811110014', tags: ['新会员'] });
    await insertListEntries(tx, SYSTEM_SCOPE, [
      { orgId, memberId: wu.id, list: 'black', reason: '三个月内 3 次预订未到场' },
      { orgId, memberId: zheng.id, list: 'white', reason: '合作学校的教练，带队训练不受预订上限' },
    ]);
    await insertIdentity(tx, SYSTEM_SCOPE, { orgId, memberId: qian.id, realName: '钱多多', idType: '1', idNo: '510107199309182246', state: 'pending' });
    await patchMembers(tx, SYSTEM_SCOPE, [qian.id], { identityState: 'pending' });
    await markSeeded(tx, SEEDED_KEY_2);
  });
}
