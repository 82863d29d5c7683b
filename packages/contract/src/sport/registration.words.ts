import { without, type ContractWords } from '../module.ts';
import { registrationPermissions } from './registration.screens.ts';

/** What the sport/registration module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const registrationWords = {
  name: 'sport/registration',
  logLabels: {
    registration: { 'zh-CN': '赛事报名', 'en-US': 'Event entries' },
    pickup: { 'zh-CN': '领取记录', 'en-US': 'Pickup records' },
  },
  logActions: {
    event: { 'zh-CN': '新建赛事', 'en-US': 'New event' },
    session: { 'zh-CN': '新增场次', 'en-US': 'New session' },
    enter: { 'zh-CN': '报名', 'en-US': 'Enter' },
    verify: { 'zh-CN': '入场核验', 'en-US': 'Admission' },
    kit: { 'zh-CN': '物资领还', 'en-US': 'Kit' },
    move: { 'zh-CN': '改场次', 'en-US': 'Change session' },
    cancel: { 'zh-CN': '取消报名', 'en-US': 'Cancel entry' },
    describe: { 'zh-CN': '备注', 'en-US': 'Description' },
    yearLimit: { 'zh-CN': '年度限次', 'en-US': 'Year limit' },
    add: { 'zh-CN': '登记领取', 'en-US': 'Record a pickup' },
  },
  buttons: {
    event: { 'zh-CN': '新建赛事', 'en-US': 'New event' },
    enter: { 'zh-CN': '报名', 'en-US': 'Enter' },
    verify: { 'zh-CN': '入场核验', 'en-US': 'Admission' },
    kit: { 'zh-CN': '物资领还', 'en-US': 'Kit' },
    move: { 'zh-CN': '改场次', 'en-US': 'Change session' },
    yearLimit: { 'zh-CN': '年度限次', 'en-US': 'Year limit' },
  },
  screenButtons: {
    'sport.registration.entry': without(registrationPermissions.registration, 'list'),
    'sport.pickup.records': without(registrationPermissions.pickup, 'list'),
  },
} as const satisfies ContractWords;
