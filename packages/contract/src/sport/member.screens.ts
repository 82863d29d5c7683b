import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/member module (a group per resource, merged into `Perm`). */
export const memberPermissions = {
  // Members and member cards (issue 12). `private` shows id numbers and phones unmasked.
  member: {
    list: 'sport:member:list',
    add: 'sport:member:add',
    edit: 'sport:member:edit',
    remove: 'sport:member:remove',
    import: 'sport:member:import',
    export: 'sport:member:export',
    private: 'sport:member:private',
    tag: 'sport:member:tag',
    face: 'sport:member:face',
    blacklist: 'sport:member:blacklist',
    identity: 'sport:member:identity',
    review: 'sport:member:review',
    checkin: 'sport:member:checkin',
    distribute: 'sport:member:distribute',
  },
} as const;

/** What the sport/member module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const memberModule = {
  name: 'sport/member',
  permissions: memberPermissions,
  directories: [{ key: 'member', title: { 'zh-CN': '会员管理', 'en-US': 'Members' }, icon: 'TeamOutlined' }],
  screens: [
    // Members and member cards (issue 12).
    {
      key: 'sport.member.list',
      path: '/sport/views/member/memberList/index',
      title: { 'zh-CN': '会员列表', 'en-US': 'Members' },
      icon: 'TeamOutlined',
      permission: memberPermissions.member.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.enterprise',
      path: '/sport/views/member/enterpriseMember/index',
      title: { 'zh-CN': '企业会员', 'en-US': 'Corporate members' },
      icon: 'BankOutlined',
      permission: memberPermissions.member.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.lists',
      path: '/sport/views/member/blackWhiteList/index',
      title: { 'zh-CN': '黑白名单', 'en-US': 'Black and white lists' },
      icon: 'StopOutlined',
      permission: memberPermissions.member.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.identity',
      path: '/sport/views/member/identityAuthentication/index',
      title: { 'zh-CN': '身份认证', 'en-US': 'Identity checks' },
      icon: 'IdcardOutlined',
      permission: memberPermissions.member.identity,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.checkin',
      path: '/sport/views/memberCheckIn/index',
      title: { 'zh-CN': '会员签到', 'en-US': 'Member check-in' },
      icon: 'ScanOutlined',
      permission: memberPermissions.member.checkin,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.spread',
      path: '/sport/views/userSpread/index',
      title: { 'zh-CN': '推广关系', 'en-US': 'Referrals' },
      icon: 'BranchesOutlined',
      permission: memberPermissions.member.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.member.userInfo',
      path: '/sport/views/userManagement/userInfo/:memberId',
      title: { 'zh-CN': '会员详情', 'en-US': 'Member detail' },
      icon: 'UserOutlined',
      permission: memberPermissions.member.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
