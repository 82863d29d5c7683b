import { without, type ContractWords } from '../module.ts';
import { marketingPermissions } from './marketing.screens.ts';

/** What the sport/marketing module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const marketingWords = {
  name: 'sport/marketing',
  logLabels: {
    marketing: { 'zh-CN': '营销活动', 'en-US': 'Campaigns' },
  },
  logActions: {
    status: { 'zh-CN': '暂停/恢复/结束活动', 'en-US': 'Pause, resume or end a campaign' },
  },
  buttons: {
    status: { 'zh-CN': '暂停/结束', 'en-US': 'Pause or end' },
  },
  screenButtons: {
    'sport.marketing.management': without(marketingPermissions.marketing, 'list'),
  },
} as const satisfies ContractWords;
