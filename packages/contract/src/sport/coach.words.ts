import type { ContractWords } from '../module.ts';
import { coachPermissions } from './coach.screens.ts';

const c = coachPermissions.coach;

/** What the sport/coach module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const coachWords = {
  name: 'sport/coach',
  logLabels: { coach: { 'zh-CN': '教练管理', 'en-US': 'Coaches' } },
  logActions: {
    status: { 'zh-CN': '修改教练状态', 'en-US': 'Change coach status' },
    photoUpload: { 'zh-CN': '上传教练照片', 'en-US': 'Upload coach photo' },
  },
  buttons: { coachStatus: { 'zh-CN': '在职状态', 'en-US': 'Working status' } },
  screenButtons: {
    'sport.coach.list': { add: c.add, edit: c.edit, remove: c.remove, coachStatus: c.status, export: c.export, private: c.private },
  },
} as const satisfies ContractWords;
