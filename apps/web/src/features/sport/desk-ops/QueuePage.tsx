import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, type Page, type QueueTicketRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { useCan, useVenueOptions } from '../../../kit/index.ts';
import { queueStateOptions, useDeskT } from './shared.ts';

const KEY = ['deskops', 'queue'];

/** The desk's take-a-number queue of a venue today: take, call next, skip, recall, served; opens the hall's display. */
export default function QueuePage() {
  const t = useDeskT();
  const can = useCan();
  const client = useQueryClient();
  const venues = useVenueOptions();
  const [picked, setPicked] = useState<number | undefined>();
  const stadiumId = picked ?? (venues[0]?.value as number | undefined);
  const [desk, setDesk] = useState('1号窗口');
  const tickets = useQuery({
    queryKey: [...KEY, stadiumId],
    queryFn: () => http.post<Page<QueueTicketRow>>(api.sport('queue/list'), { stadiumId, pageNum: 1, pageSize: 500 }),
    enabled: stadiumId !== undefined,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const act = async (path: string, body: Record<string, unknown>) => {
    const r = await http.post<{ number: number; waitingAhead?: number }>(api.sport(`queue/${path}`), body);
    await refresh();
    return r;
  };
  const stateLabel = (v: string) => {
    const o = queueStateOptions.find((x) => x.value === v);
    return <Tag color={o?.color}>{t(o?.label as never)}</Tag>;
  };
  const canCall = can(Perm.queue.call);
  return (
    <Card data-testid="queue-desk">
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('queue.venue')}</span>
        <Select
          style={{ minWidth: 200 }}
          aria-label={t('queue.venue')}
          options={venues}
          value={stadiumId}
          onChange={(v) => setPicked(v as number)}
          data-testid="queue-venue"
        />
        <span>{t('field.desk')}</span>
        <Input
          style={{ width: 140 }}
          aria-label={t('field.desk')}
          value={desk}
          maxLength={16}
          onChange={(e) => setDesk(e.target.value)}
          data-testid="queue-desk-name"
        />
        {can(Perm.queue.take) && (
          <Button
            data-testid="queue-take"
            disabled={stadiumId === undefined}
            onClick={async () => {
              const r = await act('take', { stadiumId });
              success(t('queue.taken', { number: r.number, ahead: r.waitingAhead }));
            }}
          >
            {t('action.takeNumber')}
          </Button>
        )}
        {canCall && (
          <Button type="primary" data-testid="queue-call-next" disabled={stadiumId === undefined} onClick={() => void act('callNext', { stadiumId, desk })}>
            {t('action.callNext')}
          </Button>
        )}
        {/* The hall's screen: a page of its own (no console layout) in a new tab, signed in like this one. */}
        <Button
          icon={<DesktopOutlined />}
          data-testid="queue-display"
          disabled={stadiumId === undefined}
          onClick={() => void window.open(`/sport/views/queuedNumber/display/${stadiumId}`, '_blank', 'noopener')}
        >
          {t('action.display')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('queue.waiting', { count: (tickets.data?.data ?? []).filter((x) => x.state === 'waiting').length })}
      </Typography.Paragraph>
      <Table<QueueTicketRow>
        rowKey="id"
        size="small"
        loading={tickets.isFetching}
        dataSource={tickets.data?.data ?? []}
        pagination={false}
        data-testid="queue-table"
        columns={[
          { key: 'number', dataIndex: 'number', title: t('field.number'), width: 90 },
          { key: 'state', dataIndex: 'state', title: t('field.state'), width: 110, render: stateLabel },
          { key: 'desk', dataIndex: 'desk', title: t('field.desk'), width: 120 },
          { key: 'calledAt', dataIndex: 'calledAt', title: t('queue.called'), render: (v: string | null) => (v ? new Date(v).toLocaleTimeString() : '') },
          {
            key: 'actions',
            title: '',
            width: 240,
            render: (_: unknown, r) =>
              canCall && (
                <Space size="small">
                  {r.state === 'called' && (
                    <Button size="small" data-testid={`queue-serve-${r.number}`} onClick={() => void act(`${r.id}/serve`, { desk })}>
                      {t('action.serve')}
                    </Button>
                  )}
                  {r.state === 'called' && (
                    <Button size="small" data-testid={`queue-skip-${r.number}`} onClick={() => void act(`${r.id}/skip`, { desk })}>
                      {t('action.skip')}
                    </Button>
                  )}
                  {(r.state === 'called' || r.state === 'skipped') && (
                    <Button size="small" data-testid={`queue-recall-${r.number}`} onClick={() => void act(`${r.id}/recall`, { desk })}>
                      {t('action.recall')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
