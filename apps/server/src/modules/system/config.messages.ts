import { addMessages } from '../../platform/i18n.ts';

/** Texts of the parameter (config) screen and of the other platform-wide settings. */
addMessages({
  'zh-CN': {
    'config.sealed': '该参数已封存，请先解封再修改',
    'config.shipped': '系统内置参数不能删除，可使用“恢复”还原默认值',
    'config.sealedDelete': '已封存的参数不能删除',
    'config.noDefault': '该参数没有默认值，无法恢复',
    'config.noChanges': '没有变化，无需保存',
    'config.badValue': '参数值格式不正确',
    'config.badJson': '参数值必须是有效的 JSON',
    'config.retentionDays': '日志保留天数必须是 0 到 3650 之间的整数（0 表示永久保留）',
    'config.cacheCleared': '缓存已清除',
    'config.duplicate': '参数编码已存在',
  },
  'en-US': {
    'config.sealed': 'This parameter is sealed; unseal it before editing',
    'config.shipped': 'A built-in parameter cannot be deleted; use Recover to restore its default',
    'config.sealedDelete': 'A sealed parameter cannot be deleted',
    'config.noDefault': 'This parameter has no default value to recover',
    'config.noChanges': 'No changes, no need to save',
    'config.badValue': 'The parameter value is not in a valid format',
    'config.badJson': 'The parameter value must be valid JSON',
    'config.retentionDays': 'Log retention must be a whole number of days from 0 to 3650 (0 keeps logs forever)',
    'config.cacheCleared': 'Cache cleared',
    'config.duplicate': 'A parameter with this code already exists',
  },
});
