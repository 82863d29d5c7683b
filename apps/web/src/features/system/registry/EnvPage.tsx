import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Tabs, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  Perm,
  registryEnvCreate,
  registryGroupCreate,
  registryInstanceCreate,
  type Page,
  type RegistryEnvRow,
  type RegistryGroupRow,
  type RegistryInstanceRow,
  type registryEnvListQuery,
  type registryEnvUpdate,
  type registryGroupUpdate,
  type registryInstanceUpdate,
} from '@venue/contract';
import { t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, invalidateResource, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { confirmRemove, groupStatusOptions, useServiceOptions } from './shared.tsx';

const P = Perm.registryEnv;
const envRules = registryEnvCreate.shape;
const groupRules = registryGroupCreate.shape;
const instanceRules = registryInstanceCreate.shape;
const del = (path: string, ids: (string | number)[]) => http.del(api.system(`registry/${path}/${ids.join(',')}`));

export const registryEnvResource: ResourceDef<
  RegistryEnvRow,
  z.input<typeof registryEnvCreate> & z.input<typeof registryEnvUpdate>,
  z.input<typeof registryEnvListQuery>
> = {
  key: 'registryEnv',
  ns: 'registry',
  name: 'env',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'registry/env' },
  perms: { add: P.edit, edit: P.edit, import: P.edit, export: P.list },
  // Deleting asks, says so when declined (spec 4: "with cancel"), and names what goes with it.
  features: { remove: false },
  inlineActions: 4,
  search: [
    { name: 'name', label: 'field.envName' },
    { name: 'code', label: 'field.envCode' },
  ],
  columns: [
    { key: 'name', label: 'field.envName', sorter: true, render: (v: string) => <strong>{v}</strong> },
    { key: 'code', label: 'field.envCode', content: 'code', sorter: true },
    {
      key: 'services',
      label: 'field.services',
      width: 320,
      render: (v: string[]) =>
        v.length ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {v.map((s) => (
              <Tag key={s} style={{ marginInlineEnd: 0 }}>
                {s}
              </Tag>
            ))}
          </div>
        ) : (
          '—'
        ),
    },
    { key: 'groupCount', label: 'field.groupCount', content: 'number' },
    { key: 'instanceCount', label: 'field.instanceCount', content: 'number' },
    { key: 'remark', label: 'field.remark' },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
  form: [
    { name: 'name', label: 'field.envName', rule: envRules.name },
    { name: 'code', label: 'field.envCode', rule: envRules.code },
    { name: 'serviceIds', label: 'field.serviceIds', type: 'multiSelect', useOptions: useServiceOptions, span: 2, initialValue: [] },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: envRules.remark, span: 2 },
  ],
  formColumns: 2,
  toolbar: [
    {
      key: 'remove',
      label: 'kit:batchDelete',
      icon: <DeleteOutlined />,
      perm: P.edit,
      danger: true,
      need: 'delete',
      run: async (ctx) => {
        if (await confirmRemove(t('registry:removeConfirm', { n: ctx.selectedKeys.length }), () => del('env', ctx.selectedKeys as number[]))) {
          ctx.clearSelection();
          ctx.reload();
        }
      },
    },
  ],
  rowActions: [
    { key: 'groups', label: 'groups', run: () => undefined },
    {
      key: 'remove',
      label: 'remove',
      perm: P.edit,
      danger: true,
      run: async (row, ctx) => {
        if (await confirmRemove(t('registry:removeEnvConfirm', { name: row.name }), () => del('env', [row.id]))) ctx.reload();
      },
    },
  ],
};

function groupResource(envId: number): ResourceDef<RegistryGroupRow, z.input<typeof registryGroupCreate> & z.input<typeof registryGroupUpdate>> {
  return {
    key: 'registryGroup',
    ns: 'registry',
    name: 'group',
    nameField: 'name',
    endpoint: { prefix: 'system', path: 'registry/envGroup' },
    perms: { add: P.edit, edit: P.edit },
    features: { remove: false, export: false, import: false, selection: false },
    search: [
      { name: 'name', label: 'field.groupName' },
      { name: 'status', label: 'field.status', type: 'select', options: groupStatusOptions },
    ],
    columns: [
      { key: 'code', label: 'field.groupCode', content: 'code' },
      { key: 'name', label: 'field.groupName' },
      { key: 'status', label: 'field.status', options: groupStatusOptions },
      { key: 'instanceCount', label: 'field.instanceCount', content: 'number' },
      { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    ],
    form: [
      { name: 'code', label: 'field.groupCode', rule: groupRules.code },
      { name: 'name', label: 'field.groupName', rule: groupRules.name },
      { name: 'status', label: 'field.status', type: 'radio', options: groupStatusOptions, initialValue: 0 },
    ],
    formColumns: 1,
    toBody: (values: Row, mode) => (mode === 'add' ? { ...values, envId } : values),
    rowActions: [
      {
        key: 'remove',
        label: 'remove',
        perm: P.edit,
        danger: true,
        run: async (row, ctx) => {
          if (await confirmRemove(t('registry:removeGroupConfirm', { name: row.name }), () => del('envGroup', [row.id]))) {
            ctx.reload();
            void invalidateResource('registryInstance');
            void invalidateResource('registryEnv');
          }
        },
      },
    ],
  };
}

/** The environment's open groups as choices of an instance (a closed group takes no new instance). */
function useGroupOptions(envId: number): Option[] {
  const { data } = useQuery({
    queryKey: ['kit', 'registryGroup', 'options', envId],
    queryFn: () => http.post<Page<RegistryGroupRow>>(api.system('registry/envGroup/list'), { envId, pageNum: 1, pageSize: 500 }),
  });
  return (data?.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.code})`, disabled: g.status !== 0 }));
}

function instanceResource(envId: number): ResourceDef<RegistryInstanceRow, z.input<typeof registryInstanceCreate> & z.input<typeof registryInstanceUpdate>> {
  const useOptions = (): Option[] => useGroupOptions(envId);
  return {
    key: 'registryInstance',
    ns: 'registry',
    name: 'instance',
    nameField: 'code',
    endpoint: { prefix: 'system', path: 'registry/envInstance' },
    perms: { add: P.edit, edit: P.edit, remove: P.edit },
    features: { export: false, import: false },
    search: [
      { name: 'code', label: 'field.instanceCode' },
      { name: 'groupId', label: 'field.group', type: 'select', useOptions },
    ],
    columns: [
      { key: 'code', label: 'field.instanceCode', content: 'code' },
      { key: 'groupName', label: 'field.group' },
      { key: 'ip', label: 'field.ip', content: 'code' },
      { key: 'port', label: 'field.port', content: 'number' },
      { key: 'recordTime', label: 'field.recordTime', format: 'datetime' },
    ],
    form: [
      { name: 'groupId', label: 'field.group', type: 'select', useOptions, required: true },
      { name: 'code', label: 'field.instanceCode', rule: instanceRules.code },
      { name: 'ip', label: 'field.ip', rule: instanceRules.ip, props: { placeholder: '10.0.0.1' } },
      { name: 'port', label: 'field.port', type: 'integer', rule: instanceRules.port, props: { placeholder: '8080' } },
    ],
    formColumns: 1,
    toBody: (values: Row, mode) => (mode === 'add' ? { ...values, envId } : values),
  };
}

/** An environment's groups and instances, each with its own list, dialogs and deletes. */
function EnvGroups({ env, onClose }: { env: RegistryEnvRow | null; onClose: () => void }) {
  const envId = env?.id ?? 0;
  const groups = useMemo(() => groupResource(envId), [envId]);
  const instances = useMemo(() => instanceResource(envId), [envId]);
  const filters = useMemo(() => ({ envId }), [envId]);
  return (
    <Drawer
      open={!!env}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={env ? t('registry:groupsTitle', { name: env.name }) : ''}
      data-testid="registry-env-groups"
    >
      {env && (
        <Tabs
          items={[
            { key: 'groups', label: t('registry:tabGroups'), children: <ListPage def={groups} extraFilters={filters} /> },
            { key: 'instances', label: t('registry:tabInstances'), children: <ListPage def={instances} extraFilters={filters} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

/** Service registry: environments (spec 3 "Environment") with their deployed services, groups and instances. */
export default function EnvPage() {
  const [open, setOpen] = useState<RegistryEnvRow | null>(null);
  const def = useMemo<typeof registryEnvResource>(
    () => ({
      ...registryEnvResource,
      rowActions: registryEnvResource.rowActions!.map((a) => (a.key === 'groups' ? { ...a, run: (row: RegistryEnvRow) => setOpen(row) } : a)),
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      <EnvGroups
        env={open}
        onClose={() => {
          setOpen(null);
          void invalidateResource('registryEnv');
        }}
      />
    </>
  );
}
