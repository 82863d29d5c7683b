import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  intro: 'Welcome to the $t(app:product.name). Here is what the platform knows so far.',
  summaryTitle: 'Platform overview',
  users: 'Users',
  orgs: 'Organisations',
  sessions: 'Live sessions',
  usersHint: 'User accounts not cancelled',
  orgsHint: 'Organisations in normal status',
  sessionsHint: 'Sign-in sessions active now',
  currentOrg: 'Current organisation',
  today: 'Today',
  refresh: 'Refresh',
  shortcuts: 'Shortcuts',
  about: 'About the platform',
  changePassword: 'Change password',
};
export default messages;
