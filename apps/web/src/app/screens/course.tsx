import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

const courseManagement = () => import('../../features/sport/course/CourseManagementPage.tsx');

/** The console components of the sport/course module's screens (its contract file lists the screens). */
export const courseScreens: ScreenComponents<'sport/course'> = {
  'sport.course.management': lazyScreen('courseManagement', courseManagement),
  // Spec 2.2's path of the same screen.
  'sport.course.managementShort': lazyScreen('courseManagementShort', courseManagement),
  'sport.course.classes': lazyScreen('courseClasses', () => import('../../features/sport/course/ClassListPage.tsx')),
  'sport.course.classDetail': lazyScreen('courseClassDetail', () => import('../../features/sport/course/ClassDetailPage.tsx')),
  'sport.course.sales': lazyScreen('courseSales', () => import('../../features/sport/course/CourseSalesPage.tsx')),
  // plans: scheduling plans (features/sport/course/plan/)
  'sport.course.plans': lazyScreen('coursePlans', () => import('../../features/sport/course/plan/PlanListPage.tsx')),
  'sport.course.planDetail': lazyScreen('coursePlanDetail', () => import('../../features/sport/course/plan/PlanDetailPage.tsx')),
  'sport.course.classPeriods': lazyScreen('courseClassPeriods', () => import('../../features/sport/course/plan/ClassPeriodPage.tsx')),
  // lessons: all lessons (features/sport/course/lesson/)
  'sport.course.lessons': lazyScreen('courseLessons', () => import('../../features/sport/course/lesson/LessonsPage.tsx')),
  // attendance: attendance, packages, participants (features/sport/course/attendance/)
  'sport.course.attendance': lazyScreen('attendanceRecord', () => import('../../features/sport/course/attendance/AttendancePage.tsx')),
  'sport.course.coachCheckIn': lazyScreen('attendanceCoach', () => import('../../features/sport/course/attendance/CoachCheckInPage.tsx')),
  'sport.course.memberPackages': lazyScreen('memberClassPackage', () => import('../../features/sport/course/attendance/PackagesPage.tsx')),
  'sport.course.memberPackageDetail': lazyScreen('memberClassPackageDetail', () => import('../../features/sport/course/attendance/PackageDetailPage.tsx')),
  // settlement: coach settlement (features/sport/course/settlement/)
  'sport.course.settlement': lazyScreen('coursePaymentSettlem', () => import('../../features/sport/course/settlement/SettlementPage.tsx')),
  'sport.course.settlementDetail': lazyScreen('coursePaymentSettlemDetail', () => import('../../features/sport/course/settlement/SettlementDetailPage.tsx')),
  // share: public screens of shared records (features/sport/course/share/)
  'sport.course.shareLesson': lazyScreen('shareLesson', () => import('../../features/sport/course/share/ShareLessonPage.tsx'), { fullPage: true }),
  'sport.course.shareSettlement': lazyScreen('shareSettlement', () => import('../../features/sport/course/share/ShareSettlementPage.tsx'), { fullPage: true }),
  'sport.course.sharePlan': lazyScreen('sharePlan', () => import('../../features/sport/course/share/SharePlanPage.tsx'), { fullPage: true }),
  'sport.course.shareRate': lazyScreen('shareRate', () => import('../../features/sport/course/share/ShareRatePage.tsx'), { fullPage: true }),
  // participants: participants and face images (features/sport/course/participant/)
  'sport.course.participants': lazyScreen('participantsManagement', () => import('../../features/sport/course/participant/ParticipantsPage.tsx')),
  'sport.course.participantDetail': lazyScreen('participantsDetail', () => import('../../features/sport/course/participant/ParticipantDetailPage.tsx')),
  // consignment: consignment courses and partners (features/sport/course/consign/)
  'sport.course.consign': lazyScreen('consignmentCourse', () => import('../../features/sport/course/consign/ConsignmentPage.tsx')),
};
