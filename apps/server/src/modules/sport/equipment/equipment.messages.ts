import { addMessages } from '../../../platform/i18n.ts';

/** The equipment module's own texts. */
addMessages({
  'zh-CN': {
    'field.deviceSn': '设备序列号',
    'equipment.hasEvents': '设备已有通行记录，不能删除',
    'equipment.personRequired': '请选择通行人员',
    'equipment.timeOrder': '结束时间须晚于开始时间',
    'equipment.dayOrder': '有效期结束日不能早于开始日',
    'field.golfBay': '高尔夫打位',
    'equipment.bayOnlyGolf': '只有高尔夫打位控制器可以绑定打位',
    'equipment.notGolfBay': '请选择本场馆的高尔夫打位',
  },
  'en-US': {
    'field.deviceSn': 'Serial number',
    'equipment.hasEvents': 'The device has access events and cannot be deleted',
    'equipment.personRequired': 'Choose the person',
    'equipment.timeOrder': 'The end time must be after the start time',
    'equipment.dayOrder': 'The last valid day cannot be before the first',
    'field.golfBay': 'Golf bay',
    'equipment.bayOnlyGolf': 'Only a golf bay controller serves a bay',
    'equipment.notGolfBay': 'Choose a golf bay of this venue',
  },
});
