import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './find.messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  title: 'Recover password',
  steps: {
    account: 'Verify account',
    reset: 'New password',
    done: 'Done',
  },
  loginName: 'Login name',
  loginNamePlaceholder: 'Enter your login name',
  loginNameRequired: 'Please enter your login name',
  channel: 'Send the code by',
  channelSms: 'SMS (the account’s mobile number)',
  channelMail: 'Mail (the account’s email address)',
  sendCode: 'Send code',
  resend: 'Send again',
  resendIn: 'Send again in {{s}} s',
  sent: 'If the account exists and has that mobile number or email address, a code valid for 5 minutes has been sent.',
  code: 'Code',
  codePlaceholder: 'Enter the code you received',
  codeRequired: 'Please enter the code',
  newPassword: 'New password',
  newPlaceholder: 'Enter a new password',
  confirmPassword: 'Confirm new password',
  confirmPlaceholder: 'Enter the new password again',
  required: 'Cannot be empty',
  mismatch: 'The two entries do not match',
  rules: '{{min}} to {{max}} characters',
  submit: 'Reset password',
  back: 'Back',
  done: 'Password reset',
  doneText: 'Sign in with your new password.',
  toLogin: 'Go to sign in',
  backToLogin: 'Back to sign in',
  failed: 'That did not work; please try again later',
};
export default messages;
