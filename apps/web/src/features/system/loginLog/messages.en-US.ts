import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'Login log',
  field: {
    loginName: 'Login name',
    orgName: 'Organisation',
    ip: 'IP address',
    loginWay: 'Login way',
    success: 'Result',
    code: 'Code',
    msg: 'Message',
    userAgent: 'User agent',
    createdAt: 'Time',
    time: 'Time range',
  },
  way: {
    password: 'Password',
    sms: 'SMS code',
    sso: 'Single sign-on',
    recover: 'Password recovery',
  },
  result: {
    success: 'Success',
    failure: 'Failure',
  },
  clean: 'Clear log',
  retention: 'Logs are kept for {{n}} days; older entries are purged daily.',
  retentionForever: 'Logs are kept forever.',
  retentionLink: 'Change it in Parameters (log.retentionDays)',
  cleanConfirm: 'Clear the whole login log? This cannot be undone.',
  cleaned: '{{n}} entries cleared',
};
export default messages;
