import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'strategy.minGtMax': '最短长度不能大于最长长度',
    'strategy.failLtCaptcha': '登录失败次数不能小于启用验证码的次数',
    'strategy.loginRouteRequired': '至少选择一种登录方式',
    'strategy.complexityRequired': '至少选择一条密码复杂度规则',
    'strategy.defaultPasswordWeak': '已保存；注意：默认密码不符合当前的密码复杂度规则',
  },
  'en-US': {
    'strategy.minGtMax': 'The shortest length cannot be greater than the longest',
    'strategy.failLtCaptcha': 'The failed-login count cannot be less than the count that enables the image code',
    'strategy.loginRouteRequired': 'Tick at least one login route',
    'strategy.complexityRequired': 'Tick at least one complexity rule',
    'strategy.defaultPasswordWeak': 'Saved; note that the default password does not meet the current complexity rules',
  },
});
