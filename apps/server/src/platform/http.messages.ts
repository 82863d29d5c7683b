import { addMessages } from './i18n.ts';

/** Field errors of the request layer (platform/http.ts). */
addMessages({
  'zh-CN': {
    'error.field.unknown': '不是该接口可接受的字段',
    'error.field.invalidChars': '包含无法保存的字符',
    'error.field.reservedKey': '是保留名称，不能作为字段名',
    'error.invalidValue': '请求中有取值超出范围或格式不正确',
  },
  'en-US': {
    'error.field.unknown': 'is not a field this request accepts',
    'error.field.invalidChars': 'contains characters that cannot be stored',
    'error.field.reservedKey': 'is a reserved name and cannot be a field name',
    'error.invalidValue': 'A value in the request is out of range or not in a valid format',
  },
});
