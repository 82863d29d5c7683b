import { useState } from 'react';
import { Alert, Button, InputNumber, List, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RegEventType } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { clockIn } from '../../../kit/index.ts';
import { regUrl, useEvents, useRegistrationT } from './shared.tsx';

/** Per event type, how often a member may enter in a year (empty: no limit). */
export function YearLimitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const stadiumId = useSession((s) => s.stadiumId);
  const limits = useQuery({
    queryKey: ['registration', 'yearLimit', stadiumId],
    enabled: open && !!stadiumId,
    queryFn: () => http.post<{ eventType: RegEventType; yearLimit: number | null }[]>(regUrl('yearLimit/list'), { stadiumId }),
  });
  const [edits, setEdits] = useState<Partial<Record<RegEventType, number | null>>>({});
  const save = async (eventType: RegEventType, current: number | null) => {
    const yearLimit = eventType in edits ? (edits[eventType] ?? null) : current;
    await http.put(regUrl('yearLimit'), { stadiumId, eventType, yearLimit });
    success(t('dialog.saved'));
    void limits.refetch();
  };
  return (
    <Modal open={open} title={t('action.yearLimit')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="reg-year-limit">
        <Typography.Paragraph type="secondary">{t('dialog.yearLimitHint')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="eventType"
          pagination={false}
          dataSource={limits.data ?? []}
          columns={[
            { title: t('field.eventType'), dataIndex: 'eventType', render: (v: RegEventType) => t(`eventType.${v}`) },
            {
              title: t('field.yearLimit'),
              dataIndex: 'yearLimit',
              render: (v: number | null, r) => (
                <Space>
                  <InputNumber
                    min={1}
                    max={1000}
                    value={r.eventType in edits ? edits[r.eventType] : v}
                    onChange={(n) => setEdits((x) => ({ ...x, [r.eventType]: n }))}
                    data-testid={`reg-limit-${r.eventType}`}
                  />
                  <Button size="small" onClick={() => void save(r.eventType, v)} data-testid={`reg-limit-save-${r.eventType}`}>
                    {t('dialog.save')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}

interface Clash {
  bays: { place: string; sessions: { id: number; startTime: string; endTime: string; held: number; capacity: number }[] }[];
  clashes: { memberId: number; memberName: string; entryIds: number[]; places: string[] }[];
}

/** A golf event's tee sheet: each bay's sessions, and members booked on two bays at once. */
export function GolfDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const events = useEvents('golf');
  const [eventId, setEventId] = useState<number>();
  const event = events?.find((e) => e.id === eventId);
  const sheet = useQuery({
    queryKey: ['registration', 'clash', eventId],
    enabled: open && !!eventId,
    queryFn: () => http.get<Clash>(regUrl(`event/${eventId}/clash`)),
  });
  return (
    <Modal open={open} title={t('action.golf')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <div data-testid="reg-golf">
        <Select
          value={eventId}
          onChange={setEventId}
          options={(events ?? []).map((e) => ({ value: e.id, label: e.name }))}
          style={{ width: '100%', marginBottom: 12 }}
          placeholder={t('field.eventId')}
        />
        {sheet.data && event ? (
          <>
            {sheet.data.clashes.length ? (
              <Alert
                type="error"
                showIcon
                title={t('dialog.clashes')}
                description={sheet.data.clashes.map((c) => t('dialog.clashOf', { name: c.memberName, places: c.places.join('、') })).join('；')}
                style={{ marginBottom: 12 }}
              />
            ) : (
              <Alert type="success" showIcon title={t('dialog.noClash')} style={{ marginBottom: 12 }} />
            )}
            <List
              size="small"
              dataSource={sheet.data.bays}
              renderItem={(b) => (
                <List.Item>
                  <Space wrap>
                    <Tag color="green">{b.place}</Tag>
                    {b.sessions.map((s) => (
                      <Tag key={s.id}>
                        {clockIn(s.startTime, event.timeZone)}–{clockIn(s.endTime, event.timeZone).slice(-5)} ·{' '}
                        {t('dialog.held', { held: s.held, capacity: s.capacity })}
                      </Tag>
                    ))}
                  </Space>
                </List.Item>
              )}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
