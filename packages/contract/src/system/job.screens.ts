import type { ContractModule } from '../module.ts';

/** The permission codes of the job module (a group per resource, merged into `Perm`). */
export const jobPermissions = {
  job: {
    list: 'job:job:list',
    add: 'job:job:add',
    edit: 'job:job:edit',
    remove: 'job:job:remove',
    run: 'job:job:run',
    log: 'job:log:list',
  },
  jobStream: {
    list: 'job:stream:list',
    add: 'job:stream:add',
    edit: 'job:stream:edit',
    remove: 'job:stream:remove',
    run: 'job:stream:run',
  },
} as const;

/** What the job module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const jobModule = {
  name: 'job',
  permissions: jobPermissions,
  directories: [{ key: 'job', title: { 'zh-CN': '任务调度', 'en-US': 'Job scheduling' }, icon: 'ScheduleOutlined' }],
  screens: [
    // Job scheduling.
    {
      key: 'job.manager',
      path: '/job/manager',
      title: { 'zh-CN': '任务管理', 'en-US': 'Jobs' },
      icon: 'ClockCircleOutlined',
      permission: jobPermissions.job.list,
      cache: true,
      parent: 'job',
    },
    {
      key: 'job.stream',
      path: '/job/stream',
      title: { 'zh-CN': '任务流', 'en-US': 'Job streams' },
      icon: 'PartitionOutlined',
      permission: jobPermissions.jobStream.list,
      cache: true,
      parent: 'job',
    },
    {
      key: 'job.log',
      path: '/job/log',
      title: { 'zh-CN': '调度记录', 'en-US': 'Dispatch records' },
      icon: 'HistoryOutlined',
      permission: jobPermissions.job.log,
      cache: true,
      parent: 'job',
    },
  ],
} as const satisfies ContractModule;
