import { without, type ContractWords } from '../module.ts';
import { contentModule, contentPermissions } from './content.screens.ts';

const P = contentPermissions;

/** What the sport/content module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const contentWords = {
  name: 'sport/content',
  logLabels: {
    content: { 'zh-CN': '内容', 'en-US': 'Content' },
  },
  logActions: {
    submit: { 'zh-CN': '提交审核', 'en-US': 'Submit for review' },
    withdraw: { 'zh-CN': '退回草稿', 'en-US': 'Back to draft' },
    publish: { 'zh-CN': '发布', 'en-US': 'Publish' },
    unpublish: { 'zh-CN': '下架', 'en-US': 'Unpublish' },
    imageUpload: { 'zh-CN': '上传图片', 'en-US': 'Upload an image' },
    image: { 'zh-CN': '查看图片', 'en-US': 'View an image' },
    versions: { 'zh-CN': '查看版本', 'en-US': 'View versions' },
    feed: { 'zh-CN': '查看已发布内容', 'en-US': 'Read published content' },
    comment: { 'zh-CN': '发表评论', 'en-US': 'Post a comment' },
    moderate: { 'zh-CN': '审核评论', 'en-US': 'Moderate a comment' },
    keywords: { 'zh-CN': '设置敏感词', 'en-US': 'Set the keyword list' },
    accept: { 'zh-CN': '登记同意协议', 'en-US': 'Record an acceptance' },
    acceptStatus: { 'zh-CN': '查看同意状态', 'en-US': 'Read acceptance status' },
  },
  buttons: {
    moderate: { 'zh-CN': '审核', 'en-US': 'Moderate' },
    accept: { 'zh-CN': '登记同意', 'en-US': 'Record acceptance' },
  },
  screenButtons: {
    // Each content type's list-and-editor screen: the content buttons.
    ...Object.fromEntries(contentModule.screens.filter((s) => s.permission === P.content.list).map((s) => [s.key, without(P.content, 'list')])),
    'sport.content.comments': without(P.comment, 'list'),
    'sport.content.banner': without(P.banner, 'list'),
    'sport.content.platformAgreement': without(P.agreement, 'list'),
  },
} as const satisfies ContractWords;
