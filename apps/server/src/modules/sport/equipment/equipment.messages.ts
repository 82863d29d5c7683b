import { addMessages } from '../../../platform/i18n.ts';

/** The equipment module's own texts. */
addMessages({
  'zh-CN': {
    'field.deviceSn': '设备序列号',
    'equipment.hasEvents': '设备已有通行记录，不能删除',
    'equipment.personRequired': '请选择通行人员',
    'equipment.timeOrder': '结束时间须晚于开始时间',
    'equipment.dayOrder': '有效期结束日不能早于开始日',
  },
  'en-US': {
    'field.deviceSn': 'Serial number',
    'equipment.hasEvents': 'The device has access events and cannot be deleted',
    'equipment.personRequired': 'Choose the person',
    'equipment.timeOrder': 'The end time must be after the start time',
    'equipment.dayOrder': 'The last valid day cannot be before the first',
  },
});
