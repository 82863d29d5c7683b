import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'sso.disabled': '未配置统一身份认证',
    'sso.badState': '单点登录请求已失效，请重新登录',
    'sso.failed': '统一身份认证失败，请重新登录',
    'sso.badToken': '登录凭证无效或已过期',
    'sso.unknownUser': '统一身份认证账号在本系统中不存在，请联系管理员',
    'sso.unavailable': '统一身份认证服务暂时无法访问，请稍后再试',
  },
  'en-US': {
    'sso.disabled': 'Single sign-on is not configured',
    'sso.badState': 'The single sign-on request has expired; please sign in again',
    'sso.failed': 'Single sign-on failed; please sign in again',
    'sso.badToken': 'The sign-in token is invalid or has expired',
    'sso.unknownUser': 'This single sign-on account has no user here; contact the administrator',
    'sso.unavailable': 'The single sign-on service cannot be reached; please try again later',
  },
});
