import { without, type ContractWords } from '../module.ts';
import { deskOpsPermissions } from './deskops.screens.ts';

const P = deskOpsPermissions;

/** What the sport/desk-ops module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const deskOpsWords = {
  name: 'sport/desk-ops',
  logLabels: {
    deskops: { 'zh-CN': '服务运营', 'en-US': 'Desk operations' },
    queue: { 'zh-CN': '排队叫号', 'en-US': 'Queued number' },
  },
  logActions: {
    handle: { 'zh-CN': '处理反馈', 'en-US': 'Handle feedback' },
    status: { 'zh-CN': '工单流转', 'en-US': 'Move a work order' },
    typeAdd: { 'zh-CN': '新增工单类别', 'en-US': 'Add a work order category' },
    photoUpload: { 'zh-CN': '上传照片', 'en-US': 'Upload a photo' },
    followUp: { 'zh-CN': '事件跟进', 'en-US': 'Follow up an incident' },
    close: { 'zh-CN': '事件结案', 'en-US': 'Close an incident' },
    bindItems: { 'zh-CN': '绑定内容', 'en-US': 'Bind items' },
    take: { 'zh-CN': '取号', 'en-US': 'Take a number' },
    callNext: { 'zh-CN': '叫下一号', 'en-US': 'Call next' },
    skip: { 'zh-CN': '过号', 'en-US': 'Skip' },
    recall: { 'zh-CN': '重呼', 'en-US': 'Recall' },
    serve: { 'zh-CN': '办结', 'en-US': 'Served' },
  },
  buttons: {
    handle: { 'zh-CN': '处理', 'en-US': 'Handle' },
    take: { 'zh-CN': '取号', 'en-US': 'Take a number' },
    call: { 'zh-CN': '叫号', 'en-US': 'Call' },
    bind: { 'zh-CN': '绑定内容', 'en-US': 'Bind items' },
    resolve: { 'zh-CN': '处理事件', 'en-US': 'Resolve incidents' },
  },
  screenButtons: {
    'sport.deskops.feedback': without(P.feedback, 'list'),
    'sport.deskops.workOrder': without(P.workOrder, 'list'),
    'sport.deskops.incident': without(P.incident, 'list'),
    'sport.deskops.queue': without(P.queue, 'list'),
    'sport.deskops.pageSettings': without(P.pageSetting, 'list'),
  },
} as const satisfies ContractWords;
