import type { Db } from '../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { findVisibleUserByCode } from '../system/index.ts';
import { bindingOfUser, putBinding } from './wechat.repository.ts';
import type { WechatLoginSim } from './wechat.sim.ts';

/** The demo's `manager` has bound WeChat: on the simulator's QR page, "manager" (the default) signs in as them. */
export async function seedWechatDemo(db: Db, sim: WechatLoginSim): Promise<void> {
  const manager = await findVisibleUserByCode(db, SYSTEM_SCOPE, 'manager');
  if (!manager || (await bindingOfUser(db, manager.id, sim.appId))) return;
  const id = sim.identityOf('manager');
  await putBinding(db, { userId: manager.id, appId: sim.appId, openid: id.openid, unionid: id.unionid, nickname: manager.name });
}
