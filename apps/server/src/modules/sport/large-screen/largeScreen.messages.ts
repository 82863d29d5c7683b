import { addMessages } from '../../../platform/i18n.ts';

/** Texts of the large-screen module (server messages follow the request's `Lang`). */
addMessages({
  'zh-CN': {
    'largeScreen.invalid': '展示链接无效，请向管理员索取新的链接',
    'largeScreen.revoked': '展示链接已被撤销，请向管理员索取新的链接',
    'largeScreen.expired': '展示链接已过期，请向管理员索取新的链接',
    'largeScreen.expiryPast': '到期时间须晚于当前时间',
    'largeScreen.alreadyRevoked': '该展示链接已撤销',
  },
  'en-US': {
    'largeScreen.invalid': 'This display link is not valid; ask an administrator for a new one',
    'largeScreen.revoked': 'This display link has been revoked; ask an administrator for a new one',
    'largeScreen.expired': 'This display link has expired; ask an administrator for a new one',
    'largeScreen.expiryPast': 'The expiry must be in the future',
    'largeScreen.alreadyRevoked': 'This display link is already revoked',
  },
});
