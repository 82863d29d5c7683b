import { useEffect, useState } from 'react';
import { Collapse, Skeleton } from 'antd';
import { ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ProjectNoticeAnswer } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { NoticeText, ticketPath, useExtrasT } from './shared.tsx';

/**
 * The purchase notice of a project, read-only, for the sale screen: the operator reads it to the
 * buyer (the notice the project picked, else its own notice text); nothing when it has none.
 * Open the first time this browser shows a project's notice, folded after (one click opens it), so
 * the seat map stays above the fold.
 */
const seenKey = (projectId: number) => `ticket.notice.seen.${projectId}`;
const seenBefore = (projectId: number) => {
  try {
    return localStorage.getItem(seenKey(projectId)) === '1';
  } catch {
    return false;
  }
};

export function NoticePanel({ projectId }: { projectId: number | null | undefined }) {
  const t = useExtrasT();
  const q = useQuery({
    queryKey: ['ticketExtras', 'projectNotice', projectId ?? 0],
    queryFn: () => http.get<ProjectNoticeAnswer>(ticketPath(`notice/project/${projectId}`)),
    enabled: !!projectId,
    staleTime: 30_000,
  });
  const [open, setOpen] = useState(() => (projectId ? !seenBefore(projectId) : false));
  useEffect(() => {
    if (!projectId) return;
    setOpen(!seenBefore(projectId));
    try {
      localStorage.setItem(seenKey(projectId), '1');
    } catch {
      // Private mode: the notice opens each time.
    }
  }, [projectId]);
  if (!projectId) return null;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const notice = q.data?.notice;
  if (!notice) return null;
  return (
    <Collapse
      size="small"
      activeKey={open ? ['notice'] : []}
      onChange={(keys) => setOpen(keys.includes('notice'))}
      data-testid="sale-notice"
      data-open={open ? '1' : '0'}
      items={[
        {
          key: 'notice',
          label: (
            <>
              <ReadOutlined /> {notice.title ?? t('noticePanel.title')}
            </>
          ),
          children: (
            <div style={{ maxHeight: 220, overflow: 'auto' }} tabIndex={0} role="region" aria-label={notice.title ?? t('noticePanel.title')}>
              <NoticeText content={notice.content} />
            </div>
          ),
        },
      ]}
    />
  );
}
