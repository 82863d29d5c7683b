import { addMessages } from '../../../platform/i18n.ts';

/** The equipment module's own texts. */
addMessages({
  'zh-CN': {
    'field.deviceSn': '设备序列号',
    'equipment.hasEvents': '设备已有通行记录，不能删除',
    'equipment.personRequired': '请选择通行人员',
    'equipment.timeOrder': '结束时间须晚于开始时间',
    'equipment.dayOrder': '有效期结束日不能早于开始日',
    'equipment.braceletOne': '一条手环押金明细只能是一个手环',
    'equipment.braceletHolder': '请选择手环的持有人（会员或预订订单）',
    'equipment.braceletNoBooking': '没有找到预订订单 {{orderNo}}',
    'equipment.braceletBookingNotPaid': '订单 {{orderNo}} 不是已支付的场地预订',
    'equipment.braceletInUse': '手环 {{code}} 已发放，尚未归还',
    'equipment.braceletNotOut': '手环 {{code}} 不在发放中',
    'equipment.braceletUseReturn': '手环押金请通过归还手环退还',
    'equipment.braceletReturnReason': '手环 {{code}} 归还，退押金',
  },
  'en-US': {
    'field.deviceSn': 'Serial number',
    'equipment.hasEvents': 'The device has access events and cannot be deleted',
    'equipment.personRequired': 'Choose the person',
    'equipment.timeOrder': 'The end time must be after the start time',
    'equipment.dayOrder': 'The last valid day cannot be before the first',
    'equipment.braceletOne': 'A bracelet deposit line is for one bracelet',
    'equipment.braceletHolder': "Choose the bracelet's holder (a member or a booking's order)",
    'equipment.braceletNoBooking': 'No booking order {{orderNo}} was found',
    'equipment.braceletBookingNotPaid': 'Order {{orderNo}} is not a paid court booking',
    'equipment.braceletInUse': 'Bracelet {{code}} is out and not returned yet',
    'equipment.braceletNotOut': 'Bracelet {{code}} is not out',
    'equipment.braceletUseReturn': "A bracelet's deposit is refunded by returning the bracelet",
    'equipment.braceletReturnReason': 'Bracelet {{code}} returned: deposit refunded',
  },
});
