import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'openApp.ipRule': 'IP 地址或地址段格式不正确：应为 a.b.c.d 或 a.b.c.d-a.b.c.e（前小后大）',
    'openApp.unknownApi': '接口不存在',
    'open.unknownApp': 'AppKey 不存在',
    'open.missingHeaders': '缺少签名请求头：AppKey、Timestamp、Nonce、Sign',
    'open.badNonce': 'Nonce 应为 8 到 64 位字母、数字、- 或 _',
    'open.stale': '时间戳已过期：与服务器时间相差不能超过 {seconds} 秒',
    'open.badSign': '签名不正确',
    'open.replay': '请求重复：该 Nonce 已使用过',
    'open.disabled': '应用已停用',
    'open.ipRefused': '来源地址 {ip} 不允许调用',
    'open.notGranted': '应用未获授权调用接口 {code}',
    'open.rate': '调用过于频繁：每分钟最多 {max} 次',
  },
  'en-US': {
    'openApp.ipRule': 'An IP entry is an address a.b.c.d or a range a.b.c.d-a.b.c.e (low end first)',
    'openApp.unknownApi': 'No such interface',
    'open.unknownApp': 'Unknown AppKey',
    'open.missingHeaders': 'Signed calls need the AppKey, Timestamp, Nonce and Sign headers',
    'open.badNonce': 'A nonce is 8 to 64 letters, digits, - or _',
    'open.stale': 'The timestamp is outside the window: at most {seconds} s from the server clock',
    'open.badSign': 'The signature does not match',
    'open.replay': 'Replayed call: this nonce was used already',
    'open.disabled': 'The application is disabled',
    'open.ipRefused': 'Calls from {ip} are not allowed for this application',
    'open.notGranted': 'The application is not granted the interface {code}',
    'open.rate': 'Too many calls: at most {max} a minute',
  },
});
