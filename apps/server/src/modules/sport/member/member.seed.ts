import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { findOrgByCode } from '../../system/org.repository.ts';
import { insertMember } from './member.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'member_demo_seeded';

/** The demo centre's members (`SEED_DEMO=1`), once per database: regulars the front desk books for. */
export async function seedMemberDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  await db.transaction(async (tx) => {
    for (const [memberNo, name, phone, level] of [
      ['VIP-0001', '张晓明', '13900001111', 'gold'],
      ['VIP-0002', '李娜', '13700002222', 'gold'],
      ['M-1003', '王强', '13600008888', null],
      ['M-1004', '陈静', '13500009999', null],
    ] as const)
      await insertMember(tx, SYSTEM_SCOPE, { orgId: center.id, memberNo, name, phone, level });
    await tx.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  });
}
