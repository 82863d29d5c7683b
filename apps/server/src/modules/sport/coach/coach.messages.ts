import { addMessages } from '../../../platform/i18n.ts';

/** Texts of coaches (server messages follow the request's `Lang`). */
addMessages({
  'zh-CN': {
    'field.coachPhone': '手机号',
    'coach.expiresBeforeIssued': '到期日期不能早于发证日期',
    'coach.venueNotOfOrg': '场馆不属于该教练所在的机构',
    'coach.taken': '教练 {name} 在 {from} 至 {to} 已有安排，请重新选择',
    'coach.notActive': '教练 {name} 当前{status}，不能安排',
    'coach.badRange': '结束时间须晚于开始时间',
    'coach.hasClaims': '教练 {name} 还有 {n} 项未结束的安排，不能删除',
    'coach.status.active': '在职',
    'coach.status.leave': '休假中',
    'coach.status.left': '已离职',
    'coach.image.tooLarge': '图片不能超过 {max}',
    'coach.image.noFile': '请选择图片',
    'coach.image.badFormat': '只能上传 jpg 或 png 图片',
    'coach.image.badImage': '图片无法读取',
    'coach.image.badSide': '图片边长须在 {min} 到 {max} 像素之间（当前 {actual}）',
  },
  'en-US': {
    'field.coachPhone': 'Phone',
    'coach.expiresBeforeIssued': 'The expiry date cannot be before the issue date',
    'coach.venueNotOfOrg': "The venue is not of the coach's organisation",
    'coach.taken': 'Coach {name} is already booked between {from} and {to}; choose again',
    'coach.notActive': 'Coach {name} is {status} and cannot be booked',
    'coach.badRange': 'The end must be after the start',
    'coach.hasClaims': 'Coach {name} still has {n} bookings ahead and cannot be deleted',
    'coach.status.active': 'active',
    'coach.status.leave': 'on leave',
    'coach.status.left': 'no longer working here',
    'coach.image.tooLarge': 'The image cannot be larger than {max}',
    'coach.image.noFile': 'Choose an image',
    'coach.image.badFormat': 'Only jpg or png images can be uploaded',
    'coach.image.badImage': 'The image cannot be read',
    'coach.image.badSide': 'Each side of the image must be {min} to {max} pixels (this one is {actual})',
  },
});
