import { addMessages } from '../../../platform/i18n.ts';

/** The sparring module's own texts (both languages). */
addMessages({
  'zh-CN': {
    'sparring.itemName': '陪练',
    'sparring.selfApproval': '不能审核自己提交的变更，请由其他用户审核',
    'sparring.changeReviewed': '该变更已审核过',
    'sparring.changePending': '该价格组已有待审核的变更，请先审核或驳回',
    'sparring.groupNameTaken': '价格组名称已存在',
    'sparring.noPrice': '{coach} 在 {time} 没有适用的陪练价格',
    'sparring.coachTaken': '教练 {coach} 在 {time} 已有安排，请重新选择',
    'sparring.past': '开始时间已过',
    'sparring.started': '陪练已开始，不能退款',
    'sparring.siteOtherVenue': '场地不属于本机构',
    'sparring.coachNotAtVenue': '教练 {coach} 不在本场馆执教，请选择本场馆的教练',
    'field.sparringGroupName': '价格组名称',
  },
  'en-US': {
    'sparring.itemName': 'Sparring',
    'sparring.selfApproval': 'You cannot approve a change you asked for; another user must approve it',
    'sparring.changeReviewed': 'This change has been reviewed already',
    'sparring.changePending': 'This price group has a change waiting for approval; approve or reject it first',
    'sparring.groupNameTaken': 'A price group of this name exists',
    'sparring.noPrice': 'No sparring price applies to {coach} at {time}',
    'sparring.coachTaken': 'Coach {coach} is booked at {time}; choose again',
    'sparring.past': 'The start time has passed',
    'sparring.started': 'The sparring session has begun: no refund',
    'sparring.siteOtherVenue': 'The site is not of this organisation',
    'sparring.coachNotAtVenue': 'Coach {coach} does not coach at this venue; choose one of its coaches',
    'field.sparringGroupName': 'Price group name',
  },
});
