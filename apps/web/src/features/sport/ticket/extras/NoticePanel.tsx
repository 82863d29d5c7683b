import { Card, Skeleton } from 'antd';
import { ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ProjectNoticeAnswer } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { NoticeText, ticketPath, useExtrasT } from './shared.tsx';

/**
 * The purchase notice of a project, read-only, for the sale screen: the operator reads it to the
 * buyer (the notice the project picked, else its own notice text); nothing when it has none.
 */
export function NoticePanel({ projectId }: { projectId: number | null | undefined }) {
  const t = useExtrasT();
  const q = useQuery({
    queryKey: ['ticketExtras', 'projectNotice', projectId ?? 0],
    queryFn: () => http.get<ProjectNoticeAnswer>(ticketPath(`notice/project/${projectId}`)),
    enabled: !!projectId,
    staleTime: 30_000,
  });
  if (!projectId) return null;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const notice = q.data?.notice;
  if (!notice) return null;
  return (
    <Card
      size="small"
      type="inner"
      title={
        <>
          <ReadOutlined /> {notice.title ?? t('noticePanel.title')}
        </>
      }
      data-testid="sale-notice"
      styles={{ body: { maxHeight: 220, overflow: 'auto' } }}
    >
      <NoticeText content={notice.content} />
    </Card>
  );
}
