import { Tag } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, openAppCreate, type OpenAppRow, type OpenAppWithSecret, type openAppListQuery, type openAppUpdate } from '@venue/contract';
import { api, download, http, saveBlob } from '../../../app/request.ts';
import { confirm } from '../../../app/feedback.tsx';
import { t } from '../../../app/i18n.ts';
import { ListPage, type ResourceDef, type Row } from '../../../kit/index.ts';
import { appStatusOptions, restrictionOptions, showSecret } from './shared.tsx';

const rules = openAppCreate.shape;

export const openAppResource: ResourceDef<OpenAppRow, z.input<typeof openAppCreate> & z.input<typeof openAppUpdate>, z.input<typeof openAppListQuery>> = {
  key: 'openApp',
  ns: 'openApp',
  name: 'name',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'openApp' },
  perms: { add: Perm.openApp.edit, edit: Perm.openApp.edit, remove: Perm.openApp.edit },
  features: { export: false, import: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'appKey', label: 'field.appKey' },
    { name: 'status', label: 'field.status', type: 'select', options: appStatusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', width: 170, render: (v: string) => <strong>{v}</strong> },
    { key: 'appKey', label: 'field.appKey', content: 'code' },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'status', label: 'field.status', options: appStatusOptions },
    { key: 'restriction', label: 'field.restriction', options: restrictionOptions },
    {
      key: 'ipRules',
      label: 'field.ipRules',
      width: 230,
      render: (v: string[]) =>
        v.length ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {v.map((r) => (
              <Tag key={r} style={{ marginInlineEnd: 0 }}>
                {r}
              </Tag>
            ))}
          </div>
        ) : (
          '—'
        ),
    },
    { key: 'ratePerMinute', label: 'field.ratePerMinute', content: 'number', hiddenByDefault: true },
    { key: 'apiIds', label: 'field.apis', content: 'number', render: (v: number[]) => v.length },
    { key: 'previousSecretUntil', label: 'field.previousSecretUntil', format: 'datetime', hiddenByDefault: true },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    { name: 'name', label: 'field.name', rule: rules.name },
    { name: 'status', label: 'field.status', type: 'radio', options: appStatusOptions, initialValue: 0 },
    { name: 'restriction', label: 'field.restriction', type: 'radio', options: restrictionOptions, initialValue: 'whitelist' },
    { name: 'ratePerMinute', label: 'field.ratePerMinute', type: 'integer', rule: rules.ratePerMinute, initialValue: 600 },
    {
      name: 'ipRules',
      label: 'field.ipRules',
      type: 'select',
      rule: rules.ipRules,
      span: 2,
      extra: 'ipHint',
      props: { mode: 'tags', open: false, tokenSeparators: [',', ' '] },
      initialValue: [],
    },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: rules.remark, span: 2 },
  ],
  formColumns: 2,
  api: {
    // The answer of a new application holds its secret: shown this once.
    create: async (body: Row) => {
      const made = await http.post<OpenAppWithSecret>(api.system('openApp'), body);
      await showSecret(made);
      return made;
    },
  },
  toolbar: [
    {
      key: 'document',
      label: 'document',
      icon: <FileTextOutlined />,
      perm: Perm.api.list,
      run: async () => {
        const file = await download({ url: api.system('openapi.json') });
        saveBlob(file.blob, file.filename || 'console-openapi.json');
      },
    },
    { key: 'openDoc', label: 'openDoc', icon: <FileTextOutlined />, run: () => window.open('/api/open/openapi.json', '_blank', 'noopener') },
  ],
  // Detail and Edit inline; rotating the secret and deleting under More (the table keeps its columns at 1440 px in English).
  inlineActions: 2,
  rowActions: [
    {
      key: 'rotate',
      label: 'rotate',
      perm: Perm.openApp.edit,
      run: async (row, ctx) => {
        if (!(await confirm({ content: t('openApp:rotateConfirm') }))) return;
        const next = await http.post<OpenAppWithSecret>(api.system(`openApp/${row.id}/rotate`), { graceMinutes: 60, version: row.version });
        await showSecret(next);
        ctx.reload();
      },
    },
  ],
};

/** /appAccess/ThirdAppInfoManage: third-party applications, their key, secret, addresses and limits. */
export default function AppPage() {
  return <ListPage def={openAppResource} />;
}
