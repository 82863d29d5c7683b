import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'setting.noFile': '请选择要上传的图片',
    'setting.kind': '图片用途必须是 bg（登录背景）、logo（系统 logo）或 tab（标签页图标）',
    'setting.tooLarge': '{kind}不能超过 {max}',
    'setting.badFormat': '图片格式只能是 jpg、png、bmp 或 ico',
    'setting.badImage': '图片文件已损坏，无法读取尺寸',
    'setting.dimensionTooLarge': '图片尺寸 {actual} 超出{kind}允许的最大尺寸 {max}',
    'setting.dimension': '上传成功；{kind}建议尺寸为 {expected}，当前图片为 {actual}',
    'setting.imageUrl': '图片地址必须是上传后得到的地址',
    'setting.kind.bg': '登录背景图',
    'setting.kind.logo': '系统 logo',
    'setting.kind.tab': '标签页图标',
  },
  'en-US': {
    'setting.noFile': 'Choose an image to upload',
    'setting.kind': 'The image kind must be bg (login background), logo (system logo) or tab (tab icon)',
    'setting.tooLarge': 'The {kind} must not be larger than {max}',
    'setting.badFormat': 'Images must be jpg, png, bmp or ico',
    'setting.badImage': 'The image is damaged; its size cannot be read',
    'setting.dimensionTooLarge': 'The image is {actual}; the {kind} may be at most {max}',
    'setting.dimension': 'Uploaded; the recommended size for the {kind} is {expected}, this image is {actual}',
    'setting.imageUrl': 'Image addresses must be ones given by the upload',
    'setting.kind.bg': 'login background',
    'setting.kind.logo': 'system logo',
    'setting.kind.tab': 'tab icon',
  },
});
