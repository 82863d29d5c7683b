import { without, type ContractWords } from '../module.ts';
import { memberPermissions } from './member.screens.ts';

/** What the sport/member module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const memberWords = {
  name: 'sport/member',
  logLabels: {
    member: { 'zh-CN': '会员管理', 'en-US': 'Members' },
  },
  logActions: {
    tag: { 'zh-CN': '设置标签', 'en-US': 'Tag' },
    entrantAdd: { 'zh-CN': '添加入园人员', 'en-US': 'Add entrants' },
    entrantRemove: { 'zh-CN': '移除入园人员', 'en-US': 'Remove entrants' },
    listAdd: { 'zh-CN': '加入黑白名单', 'en-US': 'Add to black/white list' },
    listRemove: { 'zh-CN': '移出黑白名单', 'en-US': 'Remove from black/white list' },
    identitySubmit: { 'zh-CN': '提交身份认证', 'en-US': 'Submit identity check' },
    identityImage: { 'zh-CN': '上传证件照片', 'en-US': 'Upload ID document image' },
    identityReview: { 'zh-CN': '审核身份认证', 'en-US': 'Review identity check' },
    faceUpload: { 'zh-CN': '上传人脸照片', 'en-US': 'Upload face image' },
    faceRemove: { 'zh-CN': '删除人脸照片', 'en-US': 'Remove face image' },
    faceState: { 'zh-CN': '设置人脸认证状态', 'en-US': 'Set face state' },
    photoUpload: { 'zh-CN': '上传会员照片', 'en-US': 'Upload photo' },
  },
  screenButtons: {
    'sport.member.list': without(memberPermissions.member, 'list', 'identity', 'review', 'checkin'),
    'sport.member.enterprise': { add: memberPermissions.member.add, edit: memberPermissions.member.edit, distribute: memberPermissions.member.distribute },
    'sport.member.lists': { blacklist: memberPermissions.member.blacklist },
    'sport.member.identity': { review: memberPermissions.member.review },
    'sport.member.userInfo': without(memberPermissions.member, 'list', 'review', 'checkin', 'import', 'export'),
  },
} as const satisfies ContractWords;
