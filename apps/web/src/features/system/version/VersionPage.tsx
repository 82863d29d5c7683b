import { Alert } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Perm, versionCreate, type AppVersion, type versionListQuery, type versionUpdate } from '@venue/contract';
import { formatDate } from '../../../app/format.ts';
import { registerMessages, t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('version', zh, en);

/** A release (POST version/list, GET version/latest): the contract's answer. */
export type { AppVersion } from '@venue/contract';

const platformOptions: Option[] = ['web', 'android', 'ios', 'h5', 'mini'].map((p) => ({ value: p, label: `platform.${p}` }));
const forceOptions: Option[] = [
  { value: true, label: 'yes', color: 'red' },
  { value: false, label: 'no' },
];

/** The form checks with the contract's publish body, the server's own rules. */
const rules = versionCreate.shape;

export const versionResource: ResourceDef<AppVersion, z.input<typeof versionCreate> & z.input<typeof versionUpdate>, z.input<typeof versionListQuery>> = {
  key: 'version',
  ns: 'version',
  name: 'name',
  nameField: 'versionNo',
  endpoint: { prefix: 'system', path: 'version' },
  perms: { add: Perm.version.publish, edit: Perm.version.publish, remove: Perm.version.publish },
  features: { add: false, export: false, import: false },
  defaultSort: { field: 'publishedAt', order: 'descend' },
  search: [
    { name: 'versionNo', label: 'field.versionNo' },
    { name: 'platform', label: 'field.platform', type: 'select', options: platformOptions },
  ],
  columns: [
    { key: 'versionNo', label: 'field.versionNo', render: (v: string) => <strong>{v}</strong> },
    { key: 'platform', label: 'field.platform', options: platformOptions },
    {
      key: 'content',
      label: 'field.content',
      ellipsis: true,
      width: 320,
      detailSpan: 2,
      render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
    },
    { key: 'force', label: 'field.force', options: forceOptions },
    { key: 'publishedAt', label: 'field.publishedAt', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'versionNo', label: 'field.versionNo', rule: rules.versionNo, modes: ['add'], extra: 'versionHint' },
    { name: 'platform', label: 'field.platform', type: 'select', options: platformOptions, modes: ['add'], initialValue: 'web', required: true },
    { name: 'content', label: 'field.content', type: 'textarea', rule: rules.content, props: { rows: 6 } },
    { name: 'force', label: 'field.force', type: 'switch', initialValue: false },
    { name: 'publishedAt', label: 'field.publishedAt', type: 'date', extra: 'publishedAtHint' },
  ],
  formColumns: 1,
  toBody: (values: Row, mode, row) => {
    const merged: Row = mode === 'edit' && row ? { content: row.content, force: row.force, ...values } : { content: '', force: false, ...values };
    const day = merged.publishedAt as string | null | undefined;
    // A day alone means its start, in the browser's time zone.
    return { ...merged, publishedAt: day ? new Date(`${String(day).slice(0, 10)}T00:00:00`).toISOString() : undefined };
  },
  toolbar: [{ key: 'publish', label: 'publish', icon: <RocketOutlined />, primary: true, perm: Perm.version.publish, run: (ctx) => ctx.openAdd() }],
};

function Latest() {
  const { data } = useQuery({
    queryKey: ['version', 'latest'],
    queryFn: () => http.get<AppVersion | null>(api.system('version/latest'), { platform: 'web' }, { silent: true }),
  });
  if (!data) return null;
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 12 }}
      title={`${t('version:latest')}: ${data.versionNo} · ${formatDate(data.publishedAt)}`}
      data-testid="version-latest"
    />
  );
}

/** /system/version: published versions, publish a new one. */
export default function VersionPage() {
  return <ListPage def={versionResource} header={<Latest />} />;
}
