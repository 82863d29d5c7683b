import type { Key } from 'react';
import { Alert, Tag, Tooltip } from 'antd';
import { ClearOutlined, DeleteOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, configBody, type ConfigView, type configListQuery } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { registerMessages, t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('config', zh, en);

/** The form checks with the contract's parameter body, the server's own rules. */
const rules = configBody.shape;

const sealedOptions: Option[] = [
  { value: true, label: 'sealed.yes', color: 'gold' },
  { value: false, label: 'sealed.no', color: 'green' },
];
const builtInOptions: Option[] = [
  { value: true, label: 'builtIn.yes', color: 'blue' },
  { value: false, label: 'builtIn.no' },
];

const url = (p: string) => api.system(`config/${p}`);

async function removeEntries(ids: Key[], ctx: { reload(): void; clearSelection(): void }) {
  await http.del(url(ids.map(String).join(',')));
  success(t('kit:deleted'));
  ctx.clearSelection();
  ctx.reload();
}

export const configResource: ResourceDef<ConfigView, z.input<typeof configBody>, z.input<typeof configListQuery>> = {
  key: 'config',
  ns: 'config',
  name: 'name',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'config' },
  perms: { add: Perm.config.add, edit: Perm.config.edit, remove: Perm.config.remove },
  // Edit and delete are offered only for rows that are not sealed (see rowActions).
  features: { edit: false, remove: false, export: false, import: false },
  api: {
    list: (body) => http.post(url('listForConsole'), body),
    create: (body) => http.post(url(''), body),
  },
  search: [
    { name: 'code', label: 'field.code' },
    { name: 'name', label: 'field.name' },
    { name: 'type', label: 'field.type' },
    { name: 'sealed', label: 'field.sealed', type: 'select', options: sealedOptions },
  ],
  columns: [
    { key: 'code', label: 'field.code', sorter: true, render: (v: string) => <code>{v}</code>, content: 'code' },
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'type', label: 'field.type', sorter: true, render: (v: string, row) => <Tag>{row.subType ? `${v} / ${row.subType}` : v}</Tag> },
    { key: 'subType', label: 'field.subType', inTable: false },
    { key: 'value', label: 'field.value', format: 'json', detailSpan: 2 },
    { key: 'defaultValue', label: 'field.defaultValue', format: 'json', inTable: false, detailSpan: 2 },
    {
      key: 'sealed',
      label: 'field.sealed',
      render: (v: boolean) =>
        v ? (
          <Tooltip title={t('config:sealHint')}>
            <Tag color="gold" icon={<LockOutlined />} data-testid="config-sealed-badge">
              {t('config:sealed.yes')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green" icon={<UnlockOutlined />}>
            {t('config:sealed.no')}
          </Tag>
        ),
    },
    { key: 'builtIn', label: 'field.builtIn', options: builtInOptions },
    { key: 'remark', label: 'field.remark', detailSpan: 2 },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'code', label: 'field.code', rule: rules.code },
    { name: 'name', label: 'field.name', rule: rules.name },
    { name: 'type', label: 'field.type', rule: rules.type, initialValue: 'system', required: true },
    { name: 'subType', label: 'field.subType', rule: rules.subType },
    { name: 'value', label: 'field.value', type: 'textarea', rule: rules.value, span: 2, required: true, props: { rows: 4 } },
    { name: 'sealed', label: 'field.sealOnAdd', type: 'switch', modes: ['add'], initialValue: false },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: rules.remark, span: 2 },
  ],
  formColumns: 2,
  // The server takes the whole parameter on edit: unchanged fields come from the row.
  toBody: (values: Row, mode, row) =>
    mode === 'edit' && row ? { code: row.code, name: row.name, type: row.type, subType: row.subType, value: row.value, remark: row.remark, ...values } : values,
  toolbar: [
    {
      key: 'batch-delete',
      label: 'kit:delete',
      icon: <DeleteOutlined />,
      danger: true,
      need: 'delete',
      perm: Perm.config.remove,
      confirm: 'kit:deleteConfirm',
      run: (ctx) => removeEntries(ctx.selectedKeys, ctx),
    },
    {
      key: 'clear-cache',
      label: 'clearCache',
      icon: <ClearOutlined />,
      perm: Perm.config.edit,
      confirm: 'clearCacheConfirm',
      run: async () => {
        await http.del(url('clearCache'));
        success(t('config:cacheCleared'));
      },
    },
  ],
  inlineActions: 3,
  rowActions: [
    { key: 'edit', label: 'kit:edit', perm: Perm.config.edit, visible: (r) => !r.sealed, run: (row, ctx) => ctx.openEdit(row) },
    {
      key: 'deseal',
      label: 'deseal',
      perm: Perm.config.edit,
      confirm: 'desealConfirm',
      visible: (r) => r.sealed,
      run: async (row, ctx) => {
        await http.put(url(`desealed/${row.id}`));
        success(t('config:desealed'));
        ctx.reload();
      },
    },
    {
      key: 'recover',
      label: 'recover',
      perm: Perm.config.edit,
      confirm: 'recoverConfirm',
      visible: (r) => !r.sealed && r.defaultValue !== null,
      run: async (row, ctx) => {
        await http.put(url(`recover/${row.id}`));
        success(t('config:recovered'));
        ctx.reload();
      },
    },
    {
      key: 'delete',
      label: 'kit:delete',
      danger: true,
      perm: Perm.config.remove,
      confirm: 'kit:deleteConfirm',
      visible: (r) => !r.sealed && !r.builtIn,
      run: (row, ctx) => removeEntries([row.id], ctx),
    },
  ],
};

/** /system/config: parameters (spec 7.4): list, add, edit, delete, clear cache, deseal, recover. */
export default function ConfigPage() {
  return <ListPage def={configResource} header={<Alert type="info" showIcon title={t('config:sealHint')} style={{ marginBottom: 12 }} />} />;
}
