import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/desk-ops module (merged into `Perm`). */
export const deskOpsPermissions = {
  feedback: {
    list: 'sport:feedback:list',
    /** Take up and answer (the member is told). */
    handle: 'sport:feedback:handle',
  },
  workOrder: {
    list: 'sport:workOrder:list',
    add: 'sport:workOrder:add',
    /** Take, finish, close. */
    status: 'sport:workOrder:status',
    /** Categories and their SLA. */
    type: 'sport:workOrder:type',
  },
  incident: {
    list: 'sport:incident:list',
    add: 'sport:incident:add',
    /** Follow up and close. */
    resolve: 'sport:incident:resolve',
  },
  queue: {
    list: 'sport:queue:list',
    /** Take a number for a visitor at the desk. */
    take: 'sport:queue:take',
    /** Call next, skip, recall, served. */
    call: 'sport:queue:call',
  },
  pageSetting: {
    list: 'sport:pageSetting:list',
    add: 'sport:pageSetting:add',
    remove: 'sport:pageSetting:remove',
    /** bindItems: what a slot shows. */
    bind: 'sport:pageSetting:bind',
  },
} as const;

const P = deskOpsPermissions;

/** What the sport/desk-ops module brings to the console (spec 2.5: feedback, work orders, event reporting, queued number, pageSettings). Feedback and work orders sit in the content module's directory, as spec 2.5 lists them. */
export const deskOpsModule = {
  name: 'sport/desk-ops',
  permissions: deskOpsPermissions,
  directories: [{ key: 'deskOperations', title: { 'zh-CN': '服务运营', 'en-US': 'Desk operations' }, icon: 'CustomerServiceOutlined' }],
  screens: [
    {
      key: 'sport.deskops.feedback',
      path: '/sport/views/content/feedback/index',
      title: { 'zh-CN': '意见反馈', 'en-US': 'Feedback' },
      icon: 'CommentOutlined',
      permission: P.feedback.list,
      cache: true,
      parent: 'content',
    },
    {
      key: 'sport.deskops.workOrder',
      path: '/sport/views/content/workOrder/index',
      title: { 'zh-CN': '工单', 'en-US': 'Work orders' },
      icon: 'ProfileOutlined',
      permission: P.workOrder.list,
      cache: true,
      parent: 'content',
    },
    {
      key: 'sport.deskops.incident',
      path: '/sport/views/eventReporting/index',
      title: { 'zh-CN': '事件上报', 'en-US': 'Event reporting' },
      icon: 'AlertOutlined',
      permission: P.incident.list,
      cache: true,
      parent: 'deskOperations',
    },
    {
      key: 'sport.deskops.queue',
      path: '/sport/views/queuedNumber/index',
      title: { 'zh-CN': '排队叫号', 'en-US': 'Queued number' },
      icon: 'OrderedListOutlined',
      permission: P.queue.list,
      cache: true,
      parent: 'deskOperations',
    },
    // Not a menu: the hall's screen, opened from the queue screen in a tab of its own, full screen.
    {
      key: 'sport.deskops.queueDisplay',
      path: '/sport/views/queuedNumber/display/:stadiumId',
      title: { 'zh-CN': '叫号大屏', 'en-US': 'Queue display' },
      icon: 'DesktopOutlined',
      permission: P.queue.list,
      cache: true,
      fullPage: true,
      standalone: true,
    },
    {
      key: 'sport.deskops.pageSettings',
      path: '/sport/views/pageSettings/index',
      title: { 'zh-CN': '页面设置', 'en-US': 'Page settings' },
      icon: 'LayoutOutlined',
      permission: P.pageSetting.list,
      cache: true,
      parent: 'deskOperations',
    },
  ],
} as const satisfies ContractModule;
