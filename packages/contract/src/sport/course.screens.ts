import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/course module (a group per resource, merged into `Perm`). */
export const coursePermissions = {
  course: { list: 'sport:course:list', add: 'sport:course:add', edit: 'sport:course:edit', audit: 'sport:course:audit' },
  courseClass: { list: 'sport:course:class:list', add: 'sport:course:class:add', edit: 'sport:course:class:edit', enrol: 'sport:course:class:enrol' },
  // plans: (scheduling plans)
  coursePlan: {
    list: 'sport:course:plan:list',
    add: 'sport:course:plan:add',
    edit: 'sport:course:plan:edit',
    delete: 'sport:course:plan:delete',
    apply: 'sport:course:plan:apply',
  },
  // lessons: (all lessons)
  courseLesson: {
    list: 'sport:course:lesson:list',
    adjust: 'sport:course:lesson:adjust',
    suspend: 'sport:course:lesson:suspend',
    cancel: 'sport:course:lesson:cancel',
    evaluate: 'sport:course:lesson:evaluate',
  },
  // attendance: (attendance, packages, participants)
  courseAttendance: { list: 'sport:course:attendance:list', checkIn: 'sport:course:attendance:checkIn', export: 'sport:course:attendance:export' },
  coursePackage: { list: 'sport:course:package:list', add: 'sport:course:package:add', edit: 'sport:course:package:edit', sell: 'sport:course:package:sell' },
  // settlement: (coach settlement)
  coachSettlement: {
    list: 'sport:course:settlement:list',
    add: 'sport:course:settlement:add',
    approve: 'sport:course:settlement:approve',
    pay: 'sport:course:settlement:pay',
    rate: 'sport:course:settlement:rate',
  },
  // participants: (permissions)
  courseParticipant: { list: 'sport:course:participant:list', face: 'sport:course:participant:face', export: 'sport:course:participant:export' },
  // consignment: (permissions)
  courseConsign: { list: 'sport:course:consign:list', add: 'sport:course:consign:add', edit: 'sport:course:consign:edit', pay: 'sport:course:consign:pay' },
} as const;

/** What the sport/course module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const courseModule = {
  name: 'sport/course',
  permissions: coursePermissions,
  directories: [{ key: 'training', title: { 'zh-CN': '培训管理', 'en-US': 'Training' }, icon: 'ReadOutlined' }],
  screens: [
    {
      key: 'sport.course.management',
      path: '/sport/views/trainingCourse/courseManagement/index',
      title: { 'zh-CN': '课程管理', 'en-US': 'Courses' },
      icon: 'ReadOutlined',
      permission: coursePermissions.course.list,
      cache: false,
      parent: 'training',
    },
    // Spec 2.2's own path of course management (not a menu entry: the menu opens the one above).
    {
      key: 'sport.course.managementShort',
      path: '/courseManagement',
      title: { 'zh-CN': '课程管理', 'en-US': 'Courses' },
      icon: 'ReadOutlined',
      permission: coursePermissions.course.list,
      cache: false,
    },
    {
      key: 'sport.course.classes',
      path: '/sport/views/trainingCourse/classManagement/index',
      title: { 'zh-CN': '班级管理', 'en-US': 'Classes' },
      icon: 'TeamOutlined',
      permission: coursePermissions.courseClass.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.classDetail',
      path: '/sport/views/trainingCourse/classDetail/:id',
      title: { 'zh-CN': '班级详情', 'en-US': 'Class detail' },
      icon: 'TeamOutlined',
      permission: coursePermissions.courseClass.list,
      cache: true,
    },
    {
      key: 'sport.course.sales',
      path: '/sport/views/trainingCourse/courseSales/index',
      title: { 'zh-CN': '课程销售', 'en-US': 'Course sales' },
      icon: 'ShoppingCartOutlined',
      permission: coursePermissions.courseClass.enrol,
      cache: true,
      parent: 'training',
    },
    // plans: screens of scheduling plans
    {
      key: 'sport.course.plans',
      path: '/sport/views/trainingCourse/courseSchedulingPlan/index',
      title: { 'zh-CN': '排课计划', 'en-US': 'Scheduling plans' },
      icon: 'CalendarOutlined',
      permission: coursePermissions.coursePlan.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.planDetail',
      path: '/sport/views/trainingCourse/courseSchedulingPlan/detail/:id',
      title: { 'zh-CN': '排课计划详情', 'en-US': 'Scheduling plan' },
      icon: 'CalendarOutlined',
      permission: coursePermissions.coursePlan.list,
      cache: false,
    },
    {
      key: 'sport.course.classPeriods',
      path: '/sport/views/trainingCourse/classPeriod/index',
      title: { 'zh-CN': '上课时段', 'en-US': 'Class periods' },
      icon: 'FieldTimeOutlined',
      permission: coursePermissions.coursePlan.list,
      cache: true,
      parent: 'training',
    },
    // lessons: screens of all lessons
    {
      key: 'sport.course.lessons',
      path: '/sport/views/trainingCourse/totalSchedulingAttempts/index',
      title: { 'zh-CN': '全部课节', 'en-US': 'All lessons' },
      icon: 'CalendarOutlined',
      permission: coursePermissions.courseLesson.list,
      cache: true,
      parent: 'training',
    },
    // attendance: screens of attendance, packages, participants
    {
      key: 'sport.course.attendance',
      path: '/sport/views/trainingCourse/attendanceRecord/index',
      title: { 'zh-CN': '考勤记录', 'en-US': 'Attendance' },
      icon: 'CheckSquareOutlined',
      permission: coursePermissions.courseAttendance.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.coachCheckIn',
      path: '/sport/views/trainingCourse/attendanceRecord/coach',
      title: { 'zh-CN': '教练点名', 'en-US': 'Coach check-in' },
      icon: 'MobileOutlined',
      permission: coursePermissions.courseAttendance.checkIn,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.memberPackages',
      path: '/sport/views/trainingCourse/memberClassPackage/index',
      title: { 'zh-CN': '会员课包', 'en-US': 'Class packages' },
      icon: 'WalletOutlined',
      permission: coursePermissions.coursePackage.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.memberPackageDetail',
      path: '/sport/views/trainingCourse/memberClassPackage/detail/:id',
      title: { 'zh-CN': '课包详情', 'en-US': 'Class package' },
      icon: 'WalletOutlined',
      permission: coursePermissions.coursePackage.list,
      cache: true,
    },
    // settlement: screens of coach settlement
    {
      key: 'sport.course.settlement',
      path: '/sport/views/trainingCourse/coursePaymentSettlem/index',
      title: { 'zh-CN': '教练课酬结算', 'en-US': 'Coach settlement' },
      icon: 'AccountBookOutlined',
      permission: coursePermissions.coachSettlement.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.settlementDetail',
      path: '/sport/views/trainingCourse/coursePaymentSettlem/detail/:id',
      title: { 'zh-CN': '结算详情', 'en-US': 'Settlement detail' },
      icon: 'AccountBookOutlined',
      permission: coursePermissions.coachSettlement.list,
      cache: true,
    },
    // share: (public screens reached by a signed link)
    {
      key: 'sport.course.shareLesson',
      path: '/share/course/lesson',
      title: { 'zh-CN': '课节详情（分享）', 'en-US': 'Shared lesson' },
      icon: 'LinkOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    {
      key: 'sport.course.shareSettlement',
      path: '/share/course/settlement',
      title: { 'zh-CN': '课酬结算详情（分享）', 'en-US': 'Shared settlement' },
      icon: 'LinkOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    {
      key: 'sport.course.sharePlan',
      path: '/share/course/plan',
      title: { 'zh-CN': '排课计划（分享）', 'en-US': 'Shared scheduling plan' },
      icon: 'LinkOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    {
      key: 'sport.course.shareRate',
      path: '/share/course/rate',
      title: { 'zh-CN': '课节评价', 'en-US': 'Rate your lesson' },
      icon: 'StarOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    // participants: (screens)
    {
      key: 'sport.course.participants',
      path: '/sport/views/trainingCourse/participantsManagement/index',
      title: { 'zh-CN': '学员管理', 'en-US': 'Participants' },
      icon: 'UserOutlined',
      permission: coursePermissions.courseParticipant.list,
      cache: true,
      parent: 'training',
    },
    {
      key: 'sport.course.participantDetail',
      path: '/sport/views/trainingCourse/participantsDetail/:id',
      title: { 'zh-CN': '学员详情', 'en-US': 'Participant' },
      icon: 'UserOutlined',
      permission: coursePermissions.courseParticipant.list,
      cache: true,
    },
    // consignment: (screens)
    {
      key: 'sport.course.consign',
      path: '/sport/views/trainingCourse/consignmentCourse/index',
      title: { 'zh-CN': '寄售课程', 'en-US': 'Consignment courses' },
      icon: 'ShopOutlined',
      permission: coursePermissions.courseConsign.list,
      cache: true,
      parent: 'training',
    },
  ],
} as const satisfies ContractModule;
