import type { MessagesOf } from '../i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  changePassword: 'Change password',
  forcedTitle: 'Set a new password',
  forcedHint: 'Your password has expired or must be changed. Set a new one to continue.',
  oldPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  oldPlaceholder: 'Enter the current password',
  newPlaceholder: 'Enter a new password',
  confirmPlaceholder: 'Enter the new password again',
  required: 'Cannot be empty',
  sameAsOld: 'The new password must differ from the current one',
  mismatch: 'The two entries do not match',
  rules: 'Length {{min}}–{{max}} characters',
  changed: 'Password changed',
  submit: 'Confirm',
  cancel: 'Cancel',
  later: 'Log out',
};
export default messages;
