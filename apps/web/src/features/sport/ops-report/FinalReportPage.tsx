import { ReportListPage } from './ReportListPage.tsx';

/** sport.opsReport.final (operatManagement/finalReport). */
export default function FinalReportPage() {
  return <ReportListPage kind="final" />;
}
