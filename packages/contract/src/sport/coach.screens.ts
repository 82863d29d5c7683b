import { type ContractModule } from '../module.ts';

/** The permission codes of the sport/coach module (a group per resource, merged into `Perm`). */
export const coachPermissions = {
  // Coaches (issue 26). `private` shows coaches' phones unmasked; `schedule` the coaches' week of claimed time.
  coach: {
    list: 'sport:coach:list',
    add: 'sport:coach:add',
    edit: 'sport:coach:edit',
    remove: 'sport:coach:remove',
    status: 'sport:coach:status',
    export: 'sport:coach:export',
    private: 'sport:coach:private',
    schedule: 'sport:coach:schedule',
  },
} as const;

const c = coachPermissions.coach;

/** What the sport/coach module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const coachModule = {
  name: 'sport/coach',
  permissions: coachPermissions,
  // The training directory: the sparring module's screens go under it too.
  directories: [{ key: 'coach', title: { 'zh-CN': '教练与陪练', 'en-US': 'Coaches & sparring' }, icon: 'TrophyOutlined' }],
  screens: [
    {
      key: 'sport.coach.list',
      path: '/sport/views/coachManagement/index',
      title: { 'zh-CN': '教练管理', 'en-US': 'Coaches' },
      icon: 'TrophyOutlined',
      permission: c.list,
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.coach.schedule',
      path: '/sport/views/servicePersonal/coachClassSchedule/index',
      title: { 'zh-CN': '教练课表', 'en-US': 'Coach schedule' },
      icon: 'ScheduleOutlined',
      permission: c.schedule,
      cache: true,
      parent: 'coach',
    },
  ],
} as const satisfies ContractModule;
