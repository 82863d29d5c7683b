import { PRODUCT_NAME } from '@venue/contract';
import type { MessagesOf } from './i18n-types.ts';
import type zh from './messages.zh-CN.ts';

/** Shell messages (namespace "app"), English. */
const messages: MessagesOf<typeof zh> = {
  product: {
    name: PRODUCT_NAME['en-US'],
  },
  boot: {
    loading: 'Loading…',
    failedTitle: 'The console could not start',
    configJsonFailed: 'Could not read the runtime configuration config.json',
    noServerEntry: 'config.xml: no suitable configuration found',
    retry: 'Retry',
  },
  request: {
    sessionExpired: 'Session or authentication expired, please log in again',
    noPermission: 'No permission to access the resource',
    invalidChars: 'Please enter valid characters',
    timeout: 'The request timed out, please try again later',
    network: 'Network error: the server cannot be reached',
    encryptFailed: 'The request could not be encrypted and was not sent: {{reason}}',
    badResponse: 'The server answered with data that cannot be read',
    unknown: 'Unknown error',
    unknownCode: 'The operation failed (code {{code}})',
    http: {
      '400': 'Bad request',
      '401': 'Unauthorised, please log in again',
      '403': 'Please enter valid characters',
      '404': 'The requested resource does not exist',
      '405': 'Method not allowed',
      '408': 'Request timed out',
      '409': 'Request conflict',
      '413': 'Request too large',
      '415': 'Unsupported data format',
      '429': 'Too many requests, please try again later',
      '500': 'Internal server error',
      '501': 'Not implemented',
      '502': 'Bad gateway',
      '503': 'Service unavailable',
      '504': 'Gateway timeout',
      '505': 'HTTP version not supported',
    },
  },
  feedback: {
    tip: 'Tip',
    confirmContent: 'Are you sure about this operation?',
    confirm: 'Confirm',
    cancel: 'Cancel',
    close: 'Close',
  },
  chunk: {
    failed: 'Loading chunk {{name}} failed',
    cssFailed: 'Loading CSS chunk {{name}} failed',
    cause: {
      timeout: 'timed out',
      missing: 'file missing',
      error: 'load error',
      css: 'stylesheet failed to load',
    },
    title: 'This screen could not be loaded',
    hint: 'The network may be unstable, or the system was just upgraded. Please try again.',
    retry: 'Reload',
  },
  guard: {
    loading: 'Loading your profile and menus…',
    noMenus: "You have no access to this system's menus; contact the administrator to assign them.",
  },
  route: {
    // Screen titles are in the screen registry (packages/contract/src/screens.ts).
    notFound: 'Page not found',
    redirect: 'Redirecting',
    underConstruction: 'Under construction',
  },
  layout: {
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    organisation: 'Organisation',
    switchOrg: 'Switch organisation',
    orgSwitched: 'Switched to {{name}}',
    messages: 'Station messages',
    noMessages: 'No new messages',
    messagesLater: 'Station messages are coming soon',
    changePassword: 'Change password',
    userInfo: 'My profile',
    about: 'About us',
    logout: 'Log out',
    logoutConfirm: 'Log out now?',
    language: 'Language',
    switchToEnglish: 'English',
    switchToChinese: '中文',
    themeDark: 'Switch to the dark theme',
    themeLight: 'Switch to the light theme',
    menuSearch: 'Search menus',
    home: 'Home',
  },
  tabs: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeLeft: 'Close tabs to the left',
    closeRight: 'Close tabs to the right',
    closeAll: 'Close all',
    more: 'More actions',
    newWindow: 'Open in a new browser tab',
    label: 'Open screens',
  },
  noAccess: {
    title: 'No access',
    subtitle: 'This page is not in your menus. Ask an administrator to assign it to you.',
    backHome: 'Back to home',
  },
  notFound: {
    title: '404',
    subtitle: 'Sorry, the page you visited does not exist.',
    backHome: 'Back to home',
    backLogin: 'Back to sign in',
  },
  underConstruction: {
    title: 'Under construction',
    subtitle: 'This screen is in the menu already and will be available soon.',
  },
  permission: {
    denied: 'You have no permission to view this page',
  },
};

export default messages;
