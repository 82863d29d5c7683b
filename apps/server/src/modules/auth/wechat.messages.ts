import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'auth.wechatDisabled': '未启用微信扫码登录',
    'auth.wechatState': '微信登录已失效或不是在本浏览器发起的，请重新扫码',
    'auth.wechatCodeInvalid': '微信授权码无效或已使用（错误码 {errcode}），请重新扫码',
    'auth.wechatRefused': '微信拒绝了登录请求（错误码 {errcode}），请联系管理员检查微信开放平台配置',
    'auth.wechatUnreachable': '暂时无法连接微信，请稍后再试',
    'auth.wechatUnbound': '该微信尚未绑定账号：请先用账号密码或短信验证码登录，在"个人中心"绑定微信后再扫码登录',
    'auth.wechatTaken': '该微信已绑定其他账号',
    'auth.phonePasswordOnlyAfterSms': '只有刚通过短信验证码登录时才能直接设置密码，请使用"修改密码"',
  },
  'en-US': {
    'auth.wechatDisabled': 'WeChat QR sign-in is not enabled',
    'auth.wechatState': 'This WeChat sign-in has expired or was not started in this browser: scan again',
    'auth.wechatCodeInvalid': 'The WeChat authorisation code is invalid or used (errcode {errcode}): scan again',
    'auth.wechatRefused': 'WeChat refused the sign-in (errcode {errcode}): ask an administrator to check the WeChat Open Platform settings',
    'auth.wechatUnreachable': 'WeChat cannot be reached right now: try again later',
    'auth.wechatUnbound': 'This WeChat account is not bound to a user: sign in with your password or an SMS code, bind WeChat in My profile, then scan again',
    'auth.wechatTaken': 'This WeChat account is bound to another user',
    'auth.phonePasswordOnlyAfterSms': 'A password can be set this way only just after signing in with an SMS code: use "Change password"',
  },
});
