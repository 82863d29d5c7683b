import { without, type ContractWords } from '../module.ts';
import { equipmentPermissions } from './equipment.screens.ts';

/** What the sport/equipment module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const equipmentWords = {
  name: 'sport/equipment',
  logLabels: {
    equipment: { 'zh-CN': '设备管理', 'en-US': 'Equipment' },
    gateGrant: { 'zh-CN': '闸机通行人员', 'en-US': 'Gate access personnel' },
    bracelet: { 'zh-CN': '手环', 'en-US': 'Bracelets' },
  },
  logActions: {
    issue: { 'zh-CN': '发放手环', 'en-US': 'Issue a bracelet' },
    back: { 'zh-CN': '手环归还', 'en-US': 'Bracelet return' },
    lost: { 'zh-CN': '手环挂失', 'en-US': 'Bracelet lost' },
  },
  buttons: {
    issue: { 'zh-CN': '发放手环', 'en-US': 'Issue a bracelet' },
    back: { 'zh-CN': '归还', 'en-US': 'Return' },
    lost: { 'zh-CN': '挂失', 'en-US': 'Report lost' },
  },
  screenButtons: {
    'sport.equipment.list': without(equipmentPermissions.equipment, 'list'),
    'sport.gate.personnel': without(equipmentPermissions.gateGrant, 'list'),
    'sport.gate.log': {},
    'sport.golf.position': {},
    'sport.bracelet.log': without(equipmentPermissions.bracelet, 'list'),
  },
} as const satisfies ContractWords;
