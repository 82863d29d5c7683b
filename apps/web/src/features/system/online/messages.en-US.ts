import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'Online users',
  field: {
    userName: 'User',
    userCode: 'Login name',
    orgName: 'Organisation',
    ip: 'Address',
    userAgent: 'Client',
    loginWay: 'Login way',
    loginAt: 'Signed in',
    lastSeenAt: 'Last activity',
    expiresAt: 'Session expires',
  },
  way: {
    password: 'Password',
    sms: 'SMS code',
    sso: 'Single sign-on',
  },
  current: 'This session',
  forceLogout: 'Force offline',
  forceConfirm: 'Force the selected users offline? Their next action takes them to the sign-in page.',
  forceOneConfirm: 'Force this user offline? Their next action takes them to the sign-in page.',
  forced: '{{n}} sessions forced offline',
};
export default messages;
