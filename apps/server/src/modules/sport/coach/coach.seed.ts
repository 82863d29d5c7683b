import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, grantDemoMenus } from '../../system/index.ts';
import { addDays, localOf } from '../venue/index.ts';
import { coachesByName, countCoaches, insertCoaches, insertQualifications, venuesOf } from './coach.repository.ts';

const DEMO_ORG = 'demo-sports-center';
/** The training directory and the coach screens (their buttons come with them). */
const DEMO_KEYS = ['sport.coach'];
const DEMO_DIRECTORIES = ['coach'];

/**
 * The demo centre's coaches (`SEED_DEMO=1`), once per database, in three statements: two active
 * coaches at the demo venue (badminton, senior; tennis, intermediate) with their qualifications
 * (one expiring in 20 days), and a third on leave. The demo manager gets the coach screens.
 */
export async function seedCoachDemo(db: Db): Promise<void> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  if ((await countCoaches(db, scope)) > 0) return;
  await grantDemoMenus(db, DEMO_KEYS, DEMO_DIRECTORIES);
  const [venue] = await venuesOf(db, scope);
  const venueIds = venue ? [venue.id] : [];
  const today = localOf(new Date(), venue?.timeZone ?? center.timeZone ?? 'Asia/Shanghai').day;
  const base = { orgId: center.id, venueIds };
  await insertCoaches(db, scope, [
    {
      ...base,
      name: '王立明',
      gender: 1,
      phone: '13811110001',
      sports: ['badminton'],
      level: 'senior',
      intro: '国家二级运动员，羽毛球执教十年，擅长青少年基础与双打战术。',
    },
    {
      ...base,
      name: '陈思雨',
      gender: 2,
      phone: '13811110002',
      sports: ['tennis'],
      level: 'intermediate',
      intro: '网球专项，持 PTR 认证，带过多期成人入门班。',
    },
    {
      ...base,
      name: '赵海峰',
      gender: 1,
      phone: '13811110003',
      sports: ['badminton', 'fitness'],
      level: 'junior',
      intro: '体能与羽毛球助教。',
      status: 'leave',
    },
  ]);
  const coaches = new Map((await coachesByName(db, scope, {}, 10)).map((c) => [c.phone, c.id]));
  const wang = coaches.get('13811110001');
  const chen = coaches.get('13811110002');
  const zhao = coaches.get('13811110003');
  if (!wang || !chen || !zhao) return;
  await insertQualifications(db, scope, [
    {
      orgId: center.id,
      coachId: wang,
      name: '羽毛球国家二级社会体育指导员',
      certNo: 'SD-2019-0087',
      issuedOn: addDays(today, -2000),
      expiresOn: addDays(today, 900),
    },
    { orgId: center.id, coachId: chen, name: 'PTR 网球教练认证', certNo: 'PTR-60213', issuedOn: addDays(today, -700), expiresOn: addDays(today, 20) },
    { orgId: center.id, coachId: chen, name: '红十字救护员证', certNo: 'RC-3301-1187', issuedOn: addDays(today, -300), expiresOn: addDays(today, 795) },
    { orgId: center.id, coachId: zhao, name: '健身教练职业资格', certNo: 'FT-2020-1442', issuedOn: addDays(today, -1500), expiresOn: addDays(today, 400) },
  ]);
}
