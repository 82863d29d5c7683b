import { addMessages } from '../../../platform/i18n.ts';

/** The participants' and face images' texts (issue 26). */
addMessages({
  'zh-CN': {
    'courseParticipant.notParticipant': '该会员未参加培训（没有报名、候补或可用课包）',
    'courseParticipant.alreadyConsented': '该学员已登记人脸授权',
    'courseParticipant.noConsent': '该学员没有有效的人脸授权，不能上传人脸照片',
    'courseParticipant.noImage': '该学员没有人脸照片',
    'courseParticipant.image.tooLarge': '图片不能超过 {max}',
    'courseParticipant.image.noFile': '请选择图片',
    'courseParticipant.image.badFormat': '只能上传 jpg 或 png 图片',
    'courseParticipant.image.badImage': '图片无法读取',
    'courseParticipant.image.badSide': '图片边长须在 {min} 到 {max} 像素之间（当前 {actual}）',
  },
  'en-US': {
    'courseParticipant.notParticipant': 'This member takes no part in training (no class, waitlist place or active package)',
    'courseParticipant.alreadyConsented': 'This participant’s face image consent is already recorded',
    'courseParticipant.noConsent': 'This participant has no live face image consent: record it before uploading a face image',
    'courseParticipant.noImage': 'This participant has no face image',
    'courseParticipant.image.tooLarge': 'The image cannot be larger than {max}',
    'courseParticipant.image.noFile': 'Choose an image',
    'courseParticipant.image.badFormat': 'Only jpg or png images can be uploaded',
    'courseParticipant.image.badImage': 'The image cannot be read',
    'courseParticipant.image.badSide': 'Each side of the image must be {min} to {max} pixels (this one is {actual})',
  },
});
