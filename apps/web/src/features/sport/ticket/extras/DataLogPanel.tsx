import { useState } from 'react';
import { Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DATA_LOG_ENTITIES, type DataLogChange, type DataLogChangeOut, type DataLogRow, type Page } from '@venue/contract';
import { formatTime, yuan } from '../../../../kit/pay/index.ts';
import { http } from '../../../../app/request.ts';
import { ticketPath, useExtrasT } from './shared.tsx';

const actionColor: Record<string, string> = { add: 'green', edit: 'blue', remove: 'red', move: 'purple' };

/** A reference's name as the server gives it now; an id whose record is gone says so. */
function Named({ id, name }: { id: string | number; name: string | null }) {
  const t = useExtrasT();
  if (name !== null) return <>{name}</>;
  return <Typography.Text type="secondary">{t('dataLog.gone', { id })}</Typography.Text>;
}

function Value({ field, v, name }: { field: string; v: DataLogChange['before']; name?: DataLogChangeOut['beforeName'] }) {
  const t = useExtrasT();
  if (v === null || v === '') return <Typography.Text type="secondary">—</Typography.Text>;
  // Ids of types, venues, performers, notices, templates and seat maps: the names they stand for.
  if (name !== undefined) {
    if (Array.isArray(v)) {
      const names = Array.isArray(name) ? name : [];
      if (!v.length) return <Typography.Text type="secondary">—</Typography.Text>;
      return (
        <>
          {v.map((id, i) => (
            <span key={`${id}-${i}`}>
              {i ? '、' : null}
              <Named id={id} name={names[i] ?? null} />
            </span>
          ))}
        </>
      );
    }
    if (typeof v !== 'boolean') return <Named id={v} name={typeof name === 'string' ? name : null} />;
  }
  if (field === 'priceFen' && typeof v === 'number') return <>{yuan(v)}</>;
  if (typeof v === 'boolean') return <>{t(`dataLog.value.${v}`)}</>;
  if ((field === 'status' || field === 'realName') && (typeof v === 'string' || typeof v === 'number')) return <>{t.dynamic(`dataLog.value.${field}`, v)}</>;
  if (Array.isArray(v)) return <>{v.length ? v.join(', ') : '—'}</>;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return <>{formatTime(v)}</>;
  const text = String(v);
  return <span title={text}>{text.length > 60 ? `${text.slice(0, 60)}…` : text}</span>;
}

/** A project's data log (spec projects/data-log): who changed what and when, the project's fields and its sessions' and levels', before and after. */
export function DataLogPanel({ projectId }: { projectId: number }) {
  const t = useExtrasT();
  const [entity, setEntity] = useState<string>('all');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['ticketExtras', 'dataLog', projectId, entity, page],
    queryFn: () => http.post<Page<DataLogRow>>(ticketPath('dataLog/list'), { projectId, pageNum: page, pageSize: 20, ...(entity === 'all' ? {} : { entity }) }),
  });
  const field = (f: string) => t.dynamic('dataLog.fieldName', f);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="dataLog">
      <Segmented
        value={entity}
        onChange={(v) => {
          setEntity(String(v));
          setPage(1);
        }}
        options={[{ value: 'all', label: t('dataLog.all') }, ...DATA_LOG_ENTITIES.map((e) => ({ value: e, label: t(`dataLog.entity.${e}`) }))]}
      />
      <Table<DataLogRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.data ?? []}
        data-testid="dataLog-table"
        locale={{ emptyText: t('dataLog.empty') }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'when', title: t('dataLog.when'), dataIndex: 'createTime', className: 'kit-cell-nowrap', render: (v: string) => formatTime(v) },
          { key: 'who', title: t('dataLog.who'), dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
          {
            key: 'what',
            title: t('dataLog.what'),
            render: (_: unknown, r) => (
              <Space size={4}>
                <Tag>{t(`dataLog.entity.${r.entity}`)}</Tag>
                <span>{r.label}</span>
                <Tag color={actionColor[r.action]}>{t(`dataLog.action.${r.action}`)}</Tag>
              </Space>
            ),
          },
          {
            key: 'changes',
            title: t('dataLog.changes'),
            render: (_: unknown, r) =>
              r.changes.length ? (
                <table className="data-log-changes" style={{ borderCollapse: 'collapse' }}>
                  <tbody>
                    {r.changes.map((c) => (
                      <tr key={c.field} data-testid={`dataLog-change-${r.id}-${c.field}`}>
                        <td style={{ paddingRight: 8, whiteSpace: 'nowrap' }}>
                          <Typography.Text type="secondary">{field(c.field)}</Typography.Text>
                        </td>
                        <td style={{ paddingRight: 6 }}>{r.action === 'add' ? null : <Value field={c.field} v={c.before} name={c.beforeName} />}</td>
                        <td style={{ paddingRight: 6 }}>{r.action === 'add' || r.action === 'remove' ? null : '→'}</td>
                        <td>{r.action === 'remove' ? null : <Value field={c.field} v={c.after} name={c.afterName} />}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Space>
  );
}
