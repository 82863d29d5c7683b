import { ReportListPage } from './ReportListPage.tsx';

/** sport.opsReport.weekly (operatManagement/weeklyOperationsReport). */
export default function WeeklyReportPage() {
  return <ReportListPage kind="weekly" />;
}
