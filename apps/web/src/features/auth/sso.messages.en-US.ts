import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './sso.messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  title: 'Single sign-on',
  checking: 'Checking the single sign-on settings…',
  redirecting: 'Taking you to the identity provider…',
  signingIn: 'Signing you in…',
  notConfigured: 'Single sign-on is not configured or not enabled. Please sign in with your login name or phone.',
  failed: 'Single sign-on failed',
  providerError: 'The identity provider answered with an error: {{error}}',
  retry: 'Try again',
  usePassword: 'Sign in with a password',
  signedOutTitle: 'You have signed out',
  signedOutText: 'Your session here has ended. On a shared computer, close the browser as well when you are done.',
  signingOut: 'Signing out…',
  signInAgain: 'Sign in again',
};
export default messages;
