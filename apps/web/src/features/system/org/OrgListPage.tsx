import { useMemo, useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { orgCreate, Perm, type OrgNode, type orgTreeQuery, type orgUpdate, type UserOfOrg } from '@venue/contract';
import { registerMessages } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { queryClient } from '../../../app/query.ts';
import { useDict } from '../../../app/dict.ts';
import { sessionStore } from '../../../app/session.ts';
import { CodeTag, ListPage, useKitT, type Option, type ResourceDef } from '../../../kit/index.ts';
import { ORG_OPTIONS_KEY, useOrgTree } from './org.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('org', zh, en);

/**
 * A row of the organisation table: a node of GET org/tree (the contract's answer) whose empty
 * `children` the table drops (a leaf shows no expander); the detail (GET org/{id}) adds `parentName`.
 */
export type Org = Omit<OrgNode, 'children'> & { parentName?: string | null; children?: Org[] };

const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'red' },
];

/** Tree rows without empty `children` (antd shows an expander for any children array). */
function prune(nodes: Org[]): Org[] {
  return nodes.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : { ...n, children: undefined }));
}

/** Organisation types; "Platform" (1) belongs to the root alone and is never offered. */
function useOrgTypeOptions(): Option[] {
  return useDict('sys_org_type').map((d) => ({ value: Number(d.value), label: d.label, disabled: d.value === '1' }));
}

const inPlatformOrg = () => sessionStore.get().userInfo?.currentOrg.enterpriseType === 1;

const refreshPickers = () => void queryClient.invalidateQueries({ queryKey: ORG_OPTIONS_KEY });

export const orgResource: ResourceDef<Org, z.input<typeof orgCreate> & z.input<typeof orgUpdate>, z.input<typeof orgTreeQuery>> = {
  key: 'org',
  ns: 'org',
  name: 'org',
  endpoint: { prefix: 'system', path: 'org' },
  tree: true,
  nameField: 'name',
  perms: { add: Perm.org.add, edit: Perm.org.edit, remove: Perm.org.remove },
  features: { batchRemove: false, selection: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', width: 240 },
    { key: 'code', label: 'field.code' },
    { key: 'fullName', label: 'field.fullName', ellipsis: true },
    { key: 'type', label: 'field.type', dict: 'sys_org_type' },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'parentName', label: 'field.parentName', inTable: false },
    { key: 'phone', label: 'field.phone' },
    { key: 'address', label: 'field.address', ellipsis: true, width: 180 },
    { key: 'zipCode', label: 'field.zipCode' },
    { key: 'orderNum', label: 'field.orderNum', align: 'right' },
    { key: 'timeZone', label: 'field.timeZone', inTable: false },
    { key: 'remark', label: 'field.remark', ellipsis: true, width: 160, detailSpan: 2 },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', inTable: false },
  ],
  form: [
    { name: 'parentId', label: 'field.parentId', type: 'treeSelect', useTree: useOrgTree, rule: orgCreate.shape.parentId, span: 2 },
    { name: 'code', label: 'field.code', rule: orgCreate.shape.code },
    { name: 'name', label: 'field.name', rule: orgCreate.shape.name },
    { name: 'fullName', label: 'field.fullName', rule: orgCreate.shape.fullName },
    {
      name: 'type',
      label: 'field.type',
      type: 'select',
      useOptions: useOrgTypeOptions,
      initialValue: 4,
      required: true,
      // The server's rules: only the platform organisation retypes, and the root's type is fixed.
      disabled: (mode, values) => mode === 'edit' && (values.parentId == null || !inPlatformOrg()),
    },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0, required: true },
    { name: 'orderNum', label: 'field.orderNum', type: 'integer', rule: orgCreate.shape.orderNum, initialValue: 0 },
    { name: 'phone', label: 'field.phone', rule: orgCreate.shape.phone },
    { name: 'zipCode', label: 'field.zipCode', rule: orgCreate.shape.zipCode },
    { name: 'address', label: 'field.address', rule: orgCreate.shape.address, span: 2 },
    { name: 'timeZone', label: 'field.timeZone', rule: orgCreate.shape.timeZone, extra: 'timeZoneHint' },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: orgCreate.shape.remark },
  ],
  formColumns: 2,
  api: {
    list: async (body) => prune(await http.get<Org[]>(api.system('org/tree'), body as Record<string, string>)),
    get: (row) => http.get<Org>(api.system(`org/${row.id}`)),
    create: async (body) => {
      const r = await http.post(api.system('org'), body);
      refreshPickers();
      return r;
    },
    update: async (row, body) => {
      const r = await http.put(api.system(`org/${row.id}`), body);
      refreshPickers();
      return r;
    },
    remove: async (ids) => {
      const r = await http.del(api.system(`org/${ids[0]}`));
      refreshPickers();
      return r;
    },
  },
};

function UserOfOrgsDrawer({ org, onClose }: { org: Org; onClose: () => void }) {
  const { t } = useTranslation('org');
  const tk = useKitT();
  const users = useQuery({ queryKey: ['kit', 'org', 'users', org.id], queryFn: () => http.get<UserOfOrg[]>(api.system(`user/getInfoByOrgId/${org.id}`)) });
  return (
    <Drawer open title={t('usersTitle', { name: org.name })} size={760} onClose={onClose} data-testid="org-users">
      <Table<UserOfOrg>
        size="small"
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { key: 'no', dataIndex: 'no', title: t('user.no') },
          { key: 'code', dataIndex: 'code', title: t('user.code') },
          { key: 'name', dataIndex: 'name', title: t('user.name') },
          { key: 'mobile', dataIndex: 'mobile', title: t('user.mobile') },
          { key: 'orgName', dataIndex: 'orgName', title: t('user.orgName') },
          {
            key: 'isDefault',
            dataIndex: 'isDefault',
            title: t('user.isDefault'),
            render: (v: boolean) => (v ? <Tag color="blue">{tk('yes')}</Tag> : tk('no')),
          },
          { key: 'status', dataIndex: 'status', title: t('user.status'), render: (v: number) => <CodeTag value={v} dict="sys_user_status" ns="org" /> },
        ]}
      />
    </Drawer>
  );
}

/** Organisations and departments: a tree table with every field; users of an organisation. */
export default function OrgListPage() {
  const [usersOf, setUsersOf] = useState<Org | null>(null);
  const def = useMemo<ResourceDef<Org, z.input<typeof orgCreate> & z.input<typeof orgUpdate>, z.input<typeof orgTreeQuery>>>(
    () => ({
      ...orgResource,
      rowActions: [
        { key: 'addChild', label: 'addChild', perm: Perm.org.add, run: (row, ctx) => ctx.openAdd({ parentId: row.id }) },
        { key: 'users', label: 'users', perm: Perm.user.list, run: (row) => setUsersOf(row) },
      ],
      inlineActions: 3,
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      {usersOf ? <UserOfOrgsDrawer org={usersOf} onClose={() => setUsersOf(null)} /> : null}
    </>
  );
}
