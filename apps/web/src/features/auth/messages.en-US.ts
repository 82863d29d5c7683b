import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  welcome: 'Welcome back',
  tagline: 'Venue booking, ticketing, training courses and members, run from one console.',
  highlights: {
    venue: 'Venue booking and court scheduling',
    ticket: 'Show and match ticketing with gate checks',
    course: 'Training courses, members and cards',
  },
  tabAccount: 'Login name',
  tabPhone: 'Phone',
  loginName: 'Login name',
  loginNamePlaceholder: 'Enter your login name',
  loginNameRequired: 'Please enter your login name',
  password: 'Password',
  passwordPlaceholder: 'Enter your password',
  passwordRequired: 'Please enter your password',
  captcha: 'Image code',
  captchaPlaceholder: 'Enter the code',
  captchaRequired: 'Please enter the image code',
  captchaRefresh: 'Hard to read? Click for another one',
  captchaAlt: 'Image code',
  phone: 'Phone number',
  phonePlaceholder: 'Enter your phone number',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid 11-digit phone number',
  smsCode: 'SMS code',
  smsCodePlaceholder: 'Enter the SMS code',
  smsCodeRequired: 'Please enter the SMS code',
  sendCode: 'Send code',
  resendIn: 'Resend in {{s}} s',
  codeSent: 'The code has been sent',
  submit: 'Sign in',
  forgot: 'Forgot password?',
  ssoLogin: 'Single sign-on',
  copyright: '© 2020 $t(app:product.name). All rights reserved.',
  sso: {
    title: 'Single sign-on',
    notConfigured: 'Single sign-on is not configured yet. Please sign in with your login name or phone.',
  },
  find: {
    title: 'Recover password',
    notConfigured: 'Password recovery is not configured yet. Please ask the administrator to reset your password.',
  },
  backToLogin: 'Back to sign in',
};
export default messages;
