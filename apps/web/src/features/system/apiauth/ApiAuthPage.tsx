import { useMemo, useState } from 'react';
import { Alert, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Perm, type ApiRow, type apiListQuery } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { FormModal, ListPage, invalidateResource, sameIds, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { refreshAccess } from '../access.ts';
import { useRoleOptions } from '../role/role.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('apiauth', zh, en);

/** A route of the registry (POST api/list): the contract's answer. */
export type ApiRoute = ApiRow;

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red' };
const methodOptions: Option[] = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m, color: METHOD_COLORS[m] }));
const grantedOptions: Option[] = [
  { value: true, label: 'granted.yes' },
  { value: false, label: 'granted.no' },
];

function useRolePickOptions(): Option[] {
  const { data } = useRoleOptions();
  return (data ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${r.orgName}` }));
}

function Permission({ row }: { row: ApiRoute }) {
  const { t } = useTranslation('apiauth');
  const platform = row.platformOnly ? (
    <Tag color="gold" data-testid="api-platform-only">
      {t('platformOnly')}
    </Tag>
  ) : null;
  if (row.permission === null) return <Tag>{t('public')}</Tag>;
  if (row.permission === '') return <Tag>{t('anyUser')}</Tag>;
  return (
    <Space size={4} wrap>
      <Typography.Text code>{row.permission}</Typography.Text>
      {platform}
    </Space>
  );
}

function Roles({ row }: { row: ApiRoute }) {
  const { t } = useTranslation('apiauth');
  if (!row.roles.length) return <Typography.Text type="secondary">{t('byMenu')}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {row.roles.map((r) => (
        <Tag key={r.id} color="purple">
          {r.name}
        </Tag>
      ))}
    </Space>
  );
}

export const apiResource: ResourceDef<ApiRoute, Row, z.input<typeof apiListQuery>> = {
  key: 'api',
  ns: 'apiauth',
  name: 'api',
  endpoint: { prefix: 'system', path: 'api' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false },
  search: [
    { name: 'url', label: 'field.url' },
    { name: 'method', label: 'field.method', type: 'select', options: methodOptions },
    { name: 'module', label: 'field.module' },
    { name: 'permission', label: 'field.permission' },
    { name: 'roleId', label: 'field.roleId', type: 'select', useOptions: useRolePickOptions },
    { name: 'granted', label: 'field.granted', type: 'select', options: grantedOptions },
  ],
  columns: [
    { key: 'method', label: 'field.method', options: methodOptions, sorter: true, width: 100 },
    { key: 'url', label: 'field.url', sorter: true, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'module', label: 'field.module', sorter: true },
    { key: 'action', label: 'field.action' },
    { key: 'permission', label: 'field.permission', sorter: true, render: (_v, row) => <Permission row={row} /> },
    { key: 'roles', label: 'field.roles', render: (_v, row) => <Roles row={row} />, detailSpan: 2 },
    { key: 'remark', label: 'field.remark', inTable: false },
  ],
  pageSize: 20,
};

function GrantDialog({ route, onClose }: { route: ApiRoute; onClose: () => void }) {
  const { t } = useTranslation('apiauth');
  const roles = useRolePickOptions();
  const [value, setValue] = useState<number[]>(route.roleIds);
  const [busy, setBusy] = useState(false);
  return (
    <FormModal
      open
      title={t('editRolesTitle', { method: route.method, url: route.url })}
      width={620}
      testId="api-roles"
      onClose={onClose}
      isDirty={() => !sameIds(value, route.roleIds)}
      busy={busy}
      onOk={async () => {
        setBusy(true);
        try {
          await http.put(api.system(`api/${route.id}/roles`), { roleIds: value });
          success(t('saved'));
          void invalidateResource('api');
          void refreshAccess();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Alert type="info" showIcon title={t('rolesHint')} style={{ marginBottom: 12 }} />
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        options={roles.map((r) => ({ value: r.value as number, label: r.label }))}
        optionFilterProp="label"
        data-testid="api-roles-select"
      />
    </FormModal>
  );
}

/** Role-to-API authorisation: the registry of the server's routes and the roles allowed per route. */
export default function ApiAuthPage() {
  const [editing, setEditing] = useState<ApiRoute | null>(null);
  const def = useMemo<ResourceDef<ApiRoute, Row, z.input<typeof apiListQuery>>>(
    () => ({
      ...apiResource,
      rowActions: [{ key: 'roles', label: 'editRoles', perm: Perm.api.edit, visible: (r) => r.grantable, run: (row) => setEditing(row) }],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      {editing ? <GrantDialog route={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
