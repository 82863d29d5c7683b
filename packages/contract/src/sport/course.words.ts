import { without, type ContractWords } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';
import { coursePermissions } from './course.screens.ts';

/** What the sport/course module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const courseWords = {
  name: 'sport/course',
  logLabels: {
    // share:
    courseShare: { 'zh-CN': '培训分享链接', 'en-US': 'Training share links' },
    // participants:
    courseParticipant: { 'zh-CN': '学员管理', 'en-US': 'Participants' },
    // consignment:
    coursePartner: { 'zh-CN': '合作机构', 'en-US': 'Course partners' },
    courseConsign: { 'zh-CN': '寄售课程', 'en-US': 'Consignment courses' },
    course: { 'zh-CN': '课程管理', 'en-US': 'Courses' },
    courseClass: { 'zh-CN': '班级管理', 'en-US': 'Classes' },
    // plans:
    coursePlan: { 'zh-CN': '排课计划', 'en-US': 'Scheduling plans' },
    // attendance:
    courseAttendance: { 'zh-CN': '考勤记录', 'en-US': 'Attendance' },
    coursePackage: { 'zh-CN': '会员课包', 'en-US': 'Class packages' },
    // lessons:
    courseLesson: { 'zh-CN': '全部课节', 'en-US': 'All lessons' },
    coachSettlement: { 'zh-CN': '教练课酬结算', 'en-US': 'Coach settlement' },
    coachRate: { 'zh-CN': '教练课酬标准', 'en-US': 'Coach rates' },
  },
  logActions: {
    // share:
    shareLink: { 'zh-CN': '生成分享链接', 'en-US': 'Make share link' },
    shareRate: { 'zh-CN': '通过链接评价', 'en-US': 'Rate by link' },
    // participants:
    faceConsent: { 'zh-CN': '登记人脸授权', 'en-US': 'Record face consent' },
    faceUpload: { 'zh-CN': '上传学员人脸', 'en-US': 'Upload face image' },
    faceRevoke: { 'zh-CN': '撤回人脸授权', 'en-US': 'Revoke face consent' },
    // consignment:
    payConsign: { 'zh-CN': '合作机构结款', 'en-US': 'Pay partner' },
    submit: { 'zh-CN': '提交审核', 'en-US': 'Submit for review' },
    review: { 'zh-CN': '审核课程', 'en-US': 'Review course' },
    offSale: { 'zh-CN': '下架课程', 'en-US': 'Take off sale' },
    addLesson: { 'zh-CN': '新增课节', 'en-US': 'Add lesson' },
    cancelLesson: { 'zh-CN': '取消课节', 'en-US': 'Cancel lesson' },
    enrol: { 'zh-CN': '报名', 'en-US': 'Enrol' },
    // plans:
    applyPlan: { 'zh-CN': '按计划生成课节', 'en-US': 'Save plan lessons' },
    // attendance: actions
    checkIn: { 'zh-CN': '签到', 'en-US': 'Check in' },
    markAttendance: { 'zh-CN': '点名', 'en-US': 'Mark attendance' },
    lessonDone: { 'zh-CN': '结束课节', 'en-US': 'Finish lesson' },
    sellPackage: { 'zh-CN': '售卖课包', 'en-US': 'Sell class package' },
    // lessons: actions of all lessons
    adjustLessons: { 'zh-CN': '批量调课', 'en-US': 'Adjust lessons' },
    suspendLesson: { 'zh-CN': '停课', 'en-US': 'Suspend lesson' },
    resumeLesson: { 'zh-CN': '复课', 'en-US': 'Resume lesson' },
    evaluateLesson: { 'zh-CN': '录入评价', 'en-US': 'Rate lesson' },
    approveSettlement: { 'zh-CN': '审批结算', 'en-US': 'Approve settlement' },
    paySettlement: { 'zh-CN': '支付课酬', 'en-US': 'Pay settlement' },
  },
  buttons: {
    audit: { 'zh-CN': '审核课程', 'en-US': 'Review courses' },
    enrol: { 'zh-CN': '报名', 'en-US': 'Enrol' },
    rate: { 'zh-CN': '课酬标准', 'en-US': 'Coach rates' },
    // participants: buttons
    face: { 'zh-CN': '人脸授权', 'en-US': 'Face images' },
    // attendance: buttons
    checkIn: { 'zh-CN': '签到', 'en-US': 'Check in' },
    sell: { 'zh-CN': '售卖', 'en-US': 'Sell' },
    // lessons: buttons of all lessons
    adjust: { 'zh-CN': '批量调课', 'en-US': 'Adjust lessons' },
    suspend: { 'zh-CN': '停课/复课', 'en-US': 'Suspend / resume' },
    evaluate: { 'zh-CN': '课节评价', 'en-US': 'Rate lessons' },
  },
  screenButtons: {
    'sport.course.management': without(coursePermissions.course, 'list'),
    'sport.course.classes': without(coursePermissions.courseClass, 'list'),
    'sport.course.sales': { pay: commercePermissions.order.pay },
    'sport.course.plans': without(coursePermissions.coursePlan, 'list'),
    'sport.course.lessons': without(coursePermissions.courseLesson, 'list'),
    'sport.course.attendance': without(coursePermissions.courseAttendance, 'list'),
    'sport.course.memberPackages': without(coursePermissions.coursePackage, 'list'),
    'sport.course.settlement': without(coursePermissions.coachSettlement, 'list'),
    'sport.course.participants': without(coursePermissions.courseParticipant, 'list'),
    'sport.course.consign': without(coursePermissions.courseConsign, 'list'),
  },
} as const satisfies ContractWords;
