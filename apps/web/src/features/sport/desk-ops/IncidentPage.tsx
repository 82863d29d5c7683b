import { useMemo, useRef, useState } from 'react';
import { Form, Input, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, incidentCreate, type incidentDetail, type incidentQuery } from '@venue/contract';
import type { z } from 'zod';
import { api, http } from '../../../app/request.ts';
import { ListPage, useVenueOptions, type ListHandle, type ResourceDef } from '../../../kit/index.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { IncidentPhotos, IncidentPhotosInput } from './IncidentPhotos.tsx';
import { NS, incidentKindOptions, incidentStateOptions, useDeskT } from './shared.ts';

type IncidentRow = z.output<typeof incidentDetail>;

/** An incident's follow-up log (append-only: who and when). */
function FollowUps({ id }: { id: number }) {
  const t = useDeskT();
  const q = useQuery({ queryKey: ['deskops', 'incident', id], queryFn: () => http.get<IncidentRow>(api.sport(`deskops/incident/${id}`)) });
  return (
    <div data-testid="incident-logs">
      <h4>{t('logs')}</h4>
      <Timeline
        items={(q.data?.logs ?? []).map((l) => ({
          key: l.id,
          content: `${new Date(l.createTime).toLocaleString()} · ${l.createdByName ?? ''}：${l.note}`,
        }))}
      />
    </div>
  );
}

/** An incident's photos in its detail, larger than in the list. */
function DetailPhotos({ row }: { row: IncidentRow }) {
  const t = useDeskT();
  if (!row.photos.length) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <h4>{t('field.photos')}</h4>
      <IncidentPhotos id={row.id} photos={row.photos} />
    </div>
  );
}

/** Event reporting: incidents at a venue (injury, damage, other), followed up in an append-only log and closed with a result. */
export default function IncidentPage() {
  const t = useDeskT();
  const list = useRef<ListHandle<IncidentRow>>(null);
  const [following, setFollowing] = useState<IncidentRow | null>(null);
  const [closing, setClosing] = useState<IncidentRow | null>(null);
  const def = useMemo<ResourceDef<IncidentRow, Record<string, unknown>, z.input<typeof incidentQuery>>>(
    () => ({
      key: 'incident',
      ns: NS,
      name: 'incident',
      endpoint: { prefix: 'sport', path: 'deskops/incident' },
      perms: { add: Perm.incident.add, export: Perm.incident.list },
      api: { get: (r) => http.get<IncidentRow>(api.sport(`deskops/incident/${r.id}`)) },
      features: { edit: false, remove: false, batchRemove: false, import: false, selection: false },
      search: [
        { name: 'title', label: 'field.title' },
        { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, numeric: true },
        { name: 'kind', label: 'field.kind', type: 'select', options: incidentKindOptions },
        { name: 'state', label: 'field.state', type: 'select', options: incidentStateOptions },
      ],
      columns: [
        { key: 'occurredAt', label: 'field.occurredAt', format: 'datetime', width: 170 },
        { key: 'stadiumName', label: 'field.stadiumId', width: 140 },
        { key: 'kind', label: 'field.kind', options: incidentKindOptions, width: 90 },
        { key: 'title', label: 'field.title' },
        { key: 'description', label: 'field.description', inTable: false },
        {
          key: 'photos',
          label: 'field.photos',
          width: 150,
          inDetail: false,
          render: (_: unknown, r) => <IncidentPhotos id={r.id} photos={r.photos} size={36} />,
        },
        { key: 'state', label: 'field.state', options: incidentStateOptions, width: 100 },
        { key: 'result', label: 'field.result' },
      ],
      form: [
        { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, numeric: true, required: true },
        { name: 'kind', label: 'field.kind', type: 'select', options: incidentKindOptions, required: true },
        { name: 'title', label: 'field.title', rule: incidentCreate.shape.title },
        { name: 'occurredAt', label: 'field.occurredAt', type: 'date', required: true },
        { name: 'description', label: 'field.description', type: 'textarea', required: false, span: 2 },
        { name: 'photos', label: 'field.photos', type: 'custom', required: false, span: 2, initialValue: [], render: () => <IncidentPhotosInput /> },
      ],
      detailExtra: (r) => (
        <>
          <DetailPhotos row={r} />
          <FollowUps id={r.id} />
        </>
      ),
      rowActions: [
        { key: 'followUp', label: 'action.followUp', perm: Perm.incident.resolve, visible: (r) => r.state === 'open', run: (r) => setFollowing(r) },
        { key: 'close', label: 'action.closeIncident', perm: Perm.incident.resolve, visible: (r) => r.state === 'open', run: (r) => setClosing(r) },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} ref={list} />
      <ActionDialog<{ note: string }>
        title={t('action.followUp')}
        testId="incident-follow-up"
        open={following !== null}
        onClose={() => setFollowing(null)}
        save={(v) => http.post(api.sport(`deskops/incident/${following!.id}/followUp`), v)}
      >
        <Form.Item name="note" label={t('field.note')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </ActionDialog>
      <ActionDialog<{ result: string }>
        title={t('action.closeIncident')}
        testId="incident-close"
        open={closing !== null}
        onClose={() => setClosing(null)}
        save={async (v) => {
          await http.put(api.sport(`deskops/incident/${closing!.id}/close`), { result: v.result, version: closing!.version });
          list.current?.reload();
        }}
      >
        <Form.Item name="result" label={t('field.result')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </ActionDialog>
    </>
  );
}
