import { useMemo, useState } from 'react';
import { Button, Drawer, Flex, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Perm, roleCreate, type Page, type roleListQuery, type roleUpdate } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { CodeTag, FormModal, ListPage, invalidateResource, sameIds, useCan, type Option, type ResourceDef } from '../../../kit/index.ts';
import { refreshAccess } from '../access.ts';
import { MenuGrantTree } from '../menu/MenuGrantTree.tsx';
import { useOrgTree } from '../org/org.api.ts';
import { changeRoleUsers, getRoleMenus, getRoleUsers, setRoleMenus, type Role, type RoleUser } from './role.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('role', zh, en);

const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'red' },
];
const typeOptions: Option[] = [
  { value: 0, label: 'type.0' },
  { value: 1, label: 'type.1' },
  { value: 2, label: 'type.2' },
];

type Open = { kind: 'menus' | 'users'; role: Role } | null;

/** The role resource: rows, form and search keyed by the contract's types. */
type RoleDef = ResourceDef<Role, z.input<typeof roleCreate> & z.input<typeof roleUpdate>, z.input<typeof roleListQuery>>;

export const roleResource: RoleDef = {
  key: 'role',
  ns: 'role',
  name: 'role',
  endpoint: { prefix: 'system', path: 'role' },
  nameField: 'name',
  perms: { add: Perm.role.add, edit: Perm.role.edit, remove: Perm.role.remove },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'no', label: 'field.no' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
    { name: 'code', label: 'field.code' },
    { name: 'orgId', label: 'field.orgId', type: 'treeSelect', useTree: useOrgTree },
  ],
  columns: [
    { key: 'no', label: 'field.no', sorter: true },
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'code', label: 'field.code', sorter: true },
    { key: 'type', label: 'field.type', options: typeOptions },
    { key: 'status', label: 'field.status', options: statusOptions, sorter: true },
    { key: 'orgName', label: 'field.orgName', sorter: 'orgId' },
    { key: 'userCount', label: 'field.userCount', content: 'number' },
    { key: 'remark', label: 'field.remark', detailSpan: 2, hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', inTable: false },
  ],
  form: [
    { name: 'no', label: 'field.no', rule: roleCreate.shape.no },
    { name: 'name', label: 'field.name', rule: roleCreate.shape.name },
    { name: 'code', label: 'field.code', rule: roleCreate.shape.code, extra: 'codeHint' },
    { name: 'type', label: 'field.type', type: 'select', options: typeOptions, initialValue: 1, required: true },
    { name: 'orgId', label: 'field.orgId', type: 'treeSelect', useTree: useOrgTree, modes: ['add'], required: false },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0, required: true },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: roleCreate.shape.remark },
  ],
  api: {
    // Edits and deletes may change the signed-in user's own permissions.
    update: async (row, body) => {
      const r = await http.put(api.system(`role/${row.id}`), body);
      void refreshAccess();
      return r;
    },
    remove: async (ids) => {
      const r = await http.del(api.system(`role/${ids.join(',')}`));
      void refreshAccess();
      return r;
    },
  },
  inlineActions: 3,
};

function RoleMenusDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation('role');
  const [value, setValue] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useQuery({ queryKey: ['kit', 'role', 'menus', role.id], queryFn: () => getRoleMenus(role.id) });
  const ids = value ?? current.data?.menuIds ?? [];
  return (
    <FormModal
      open
      title={t('menusTitle', { name: role.name })}
      width={640}
      testId="role-menus"
      onClose={onClose}
      isDirty={() => value !== null && !sameIds(value, current.data?.menuIds ?? [])}
      busy={busy}
      okDisabled={current.isLoading}
      onOk={async () => {
        setBusy(true);
        try {
          await setRoleMenus(role.id, ids);
          success(t('saved'));
          void invalidateResource('role');
          void refreshAccess();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      {current.isLoading ? null : <MenuGrantTree value={ids} onChange={setValue} testId="role-menus-tree" />}
    </FormModal>
  );
}

function RoleUsersDrawer({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation('role');
  const can = useCan();
  const users = useQuery({ queryKey: ['kit', 'role', 'users', role.id], queryFn: () => getRoleUsers(role.id) });
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<number[]>([]);
  const candidates = useQuery({
    queryKey: ['kit', 'role', 'candidates', role.orgId, search],
    queryFn: () => http.post<Page<RoleUser>>(api.system('user/list'), { pageNum: 1, pageSize: 20, orgId: role.orgId, name: search || undefined }),
    enabled: can(Perm.role.edit),
  });
  const held = new Set((users.data ?? []).map((u) => u.id));
  const reloadAll = () => {
    void users.refetch();
    void invalidateResource('role');
    void refreshAccess();
  };
  return (
    <Drawer open title={t('usersTitle', { name: role.name })} size={720} onClose={onClose} data-testid="role-users">
      {can(Perm.role.edit) ? (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Select
            mode="multiple"
            style={{ flex: 1 }}
            value={adding}
            onChange={setAdding}
            placeholder={t('addUsersPlaceholder')}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={(candidates.data?.data ?? []).filter((u) => !held.has(u.id)).map((u) => ({ value: u.id, label: `${u.name} (${u.code})` }))}
            data-testid="role-users-pick"
          />
          <Button
            type="primary"
            disabled={!adding.length}
            data-testid="role-users-add"
            onClick={async () => {
              await changeRoleUsers(role.id, { add: adding });
              setAdding([]);
              success(t('saved'));
              reloadAll();
            }}
          >
            {t('addUsers')}
          </Button>
        </Flex>
      ) : null}
      <Table<RoleUser>
        size="small"
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('user.code') },
          { key: 'name', dataIndex: 'name', title: t('user.name') },
          { key: 'mobile', dataIndex: 'mobile', title: t('user.mobile') },
          { key: 'orgName', dataIndex: 'orgName', title: t('user.orgName') },
          { key: 'status', dataIndex: 'status', title: t('user.status'), render: (v: number) => <CodeTag value={v} dict="sys_user_status" ns="role" /> },
          ...(can(Perm.role.edit)
            ? [
                {
                  key: 'op',
                  title: '',
                  render: (_: unknown, u: RoleUser) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={async () => {
                        if (!(await confirm({ content: t('removeUserConfirm', { name: u.name }), danger: true }))) return;
                        await changeRoleUsers(role.id, { remove: [u.id] });
                        success(t('saved'));
                        reloadAll();
                      }}
                    >
                      {t('removeUser')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}

/** Roles: list, add, edit, delete; menu permission tree; role users. */
export default function RoleListPage() {
  const [open, setOpen] = useState<Open>(null);
  const def = useMemo<RoleDef>(
    () => ({
      ...roleResource,
      rowActions: [
        { key: 'menus', label: 'menus', perm: Perm.role.edit, run: (role) => setOpen({ kind: 'menus', role }) },
        { key: 'users', label: 'users', perm: Perm.role.list, run: (role) => setOpen({ kind: 'users', role }) },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      {open?.kind === 'menus' ? <RoleMenusDialog role={open.role} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'users' ? <RoleUsersDrawer role={open.role} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
