/** What tests outside the auth module use of it: the local WeChat Open Platform simulator. */
export { startWechatLoginSimulator, type WechatLoginSim } from './wechat.sim.ts';
