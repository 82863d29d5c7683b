import { useMemo, useState } from 'react';
import { Alert, Drawer, Tag } from 'antd';
import { DeleteOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  dictBody,
  itemBody,
  Perm,
  type DictItem,
  type dictListQuery,
  type DictRow,
  type dictUpdate,
  type itemCreate,
  type itemListQuery,
  type itemUpdate,
  type Page,
} from '@venue/contract';
import { refreshDictionary } from '../../../app/dict.ts';
import { success } from '../../../app/feedback.tsx';
import { registerMessages, t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { invalidateResource, ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('dict', zh, en);

/** A dictionary of the list and one of its items: the contract's answers. */
export type Dict = DictRow;

/** The forms check with the contract's bodies, the server's own rules (item names without spaces, spec 5). */
export const dictRules = {
  ...dictBody.shape,
  itemValue: itemBody.shape.value,
  itemName: itemBody.shape.name,
  itemNameEn: itemBody.shape.nameEn,
  orderNum: itemBody.shape.orderNum,
};

const typeOptions: Option[] = [
  { value: 'system', label: 'type.system', color: 'blue' },
  { value: 'business', label: 'type.business', color: 'cyan' },
];
const statusOptions: Option[] = [
  { value: 0, label: 'status.normal', color: 'green' },
  { value: 1, label: 'status.disabled', color: 'red' },
];

const url = (p: string) => api.system(`dict/${p}`);

/** Every change reloads the console's dictionary cache (useDict, dictLabel). */
async function thenRefresh<T>(p: Promise<T>): Promise<T> {
  const r = await p;
  void refreshDictionary();
  return r;
}

const dictResource = (
  openItems: (d: Dict) => void,
): ResourceDef<Dict, z.input<typeof dictBody> & z.input<typeof dictUpdate>, z.input<typeof dictListQuery>> => ({
  key: 'dict',
  ns: 'dict',
  name: 'name',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'dict' },
  perms: { add: Perm.dict.add, edit: Perm.dict.edit, remove: Perm.dict.remove },
  // Built-in dictionaries cannot be deleted: delete is offered for the others only (rowActions).
  features: { export: false, import: false, remove: false },
  api: {
    create: (body) => thenRefresh(http.post(url('').replace(/\/$/, ''), body)),
    update: (row, body) => thenRefresh(http.put(url(String(row.id)), body)),
    remove: (ids) => thenRefresh(http.del(url(ids.map(String).join(',')))),
  },
  search: [
    { name: 'code', label: 'field.code' },
    { name: 'name', label: 'field.name' },
    { name: 'type', label: 'field.type', type: 'select', options: typeOptions },
  ],
  columns: [
    { key: 'code', label: 'field.code', sorter: true, render: (v: string) => <code>{v}</code> },
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'type', label: 'field.type', options: typeOptions, sorter: true },
    {
      key: 'sealed',
      label: 'field.sealed',
      render: (v: boolean) =>
        v ? (
          <Tag color="gold" icon={<LockOutlined />}>
            {t('dict:sealed.yes')}
          </Tag>
        ) : (
          <Tag color="green">{t('dict:sealed.no')}</Tag>
        ),
    },
    { key: 'itemCount', label: 'field.itemCount', align: 'right' },
    { key: 'remark', label: 'field.remark', ellipsis: true, width: 200 },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'code', label: 'field.code', rule: dictRules.code },
    { name: 'name', label: 'field.name', rule: dictRules.name },
    { name: 'type', label: 'field.type', type: 'select', options: typeOptions, rule: dictRules.type, initialValue: 'business', required: true },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: dictRules.remark },
  ],
  formColumns: 1,
  // The server takes the whole dictionary on edit.
  toBody: (values: Row, mode, row) => (mode === 'edit' && row ? { code: row.code, name: row.name, type: row.type, remark: row.remark, ...values } : values),
  inlineActions: 3,
  toolbar: [
    {
      key: 'batch-delete',
      label: 'kit:delete',
      icon: <DeleteOutlined />,
      danger: true,
      need: 'delete',
      perm: Perm.dict.remove,
      confirm: 'kit:deleteConfirm',
      run: async (ctx) => {
        await thenRefresh(http.del(url(ctx.selectedKeys.map(String).join(','))));
        success(t('kit:deleted'));
        ctx.clearSelection();
        ctx.reload();
      },
    },
  ],
  rowActions: [
    { key: 'items', label: 'items', run: (row) => openItems(row) },
    {
      key: 'delete',
      label: 'kit:delete',
      danger: true,
      perm: Perm.dict.remove,
      confirm: 'kit:deleteConfirm',
      visible: (r) => !r.sealed,
      run: async (row, ctx) => {
        await thenRefresh(http.del(url(String(row.id))));
        success(t('kit:deleted'));
        ctx.reload();
      },
    },
  ],
});

/** Moves an item one place up or down: PUT dict/item/order with every item of the dictionary. */
async function move(dict: Dict, item: DictItem, delta: -1 | 1): Promise<void> {
  const all = await http.post<Page<DictItem>>(url('item/list'), { dictId: dict.id, pageNum: 1, pageSize: 500, sortField: 'orderNum', sortOrder: 'ascend' });
  const ids = all.data.map((i) => i.id);
  const i = ids.indexOf(item.id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= ids.length) return;
  [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  await thenRefresh(http.put(url('item/order'), { dictId: dict.id, ids }));
  success(t('dict:reordered'));
}

const itemResource = (dict: Dict): ResourceDef<DictItem, z.input<typeof itemCreate> & z.input<typeof itemUpdate>, z.input<typeof itemListQuery>> => ({
  key: 'dictItem',
  ns: 'dict',
  name: 'itemName',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'dict/item' },
  perms: { add: Perm.dict.add, edit: Perm.dict.edit, remove: Perm.dict.remove },
  features: { export: false, import: false, detail: false },
  pageSize: 20,
  defaultSort: { field: 'orderNum', order: 'ascend' },
  api: {
    create: (body) => thenRefresh(http.post(url('item'), body)),
    update: (row, body) => thenRefresh(http.put(url(`item/${row.id}`), body)),
    remove: (ids) => thenRefresh(http.del(url(`item/${ids.map(String).join(',')}`))),
  },
  search: [
    { name: 'name', label: 'item.name' },
    { name: 'status', label: 'item.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'orderNum', label: 'item.orderNum', sorter: true, width: 80 },
    { key: 'value', label: 'item.value', sorter: true, render: (v: string) => <code>{v}</code> },
    { key: 'name', label: 'item.name', sorter: true },
    { key: 'nameEn', label: 'item.nameEn' },
    { key: 'status', label: 'item.status', options: statusOptions },
    { key: 'remark', label: 'item.remark', ellipsis: true, width: 160 },
  ],
  form: [
    { name: 'value', label: 'item.value', rule: dictRules.itemValue, disabled: (mode) => mode === 'edit' && dict.sealed },
    { name: 'name', label: 'item.name', rule: dictRules.itemName, extra: 'nameHint' },
    { name: 'nameEn', label: 'item.nameEn', rule: dictRules.itemNameEn },
    { name: 'orderNum', label: 'item.orderNum', type: 'integer', rule: dictRules.orderNum, required: false },
    { name: 'status', label: 'item.status', type: 'radio', options: statusOptions, initialValue: 0 },
    { name: 'remark', label: 'item.remark', type: 'textarea', rule: dictRules.remark },
  ],
  formColumns: 1,
  toBody: (values: Row, mode, row) =>
    mode === 'edit' && row
      ? { value: row.value, name: row.name, nameEn: row.nameEn, orderNum: row.orderNum, status: row.status, remark: row.remark, ...values }
      : { ...values, dictId: dict.id },
  inlineActions: 4,
  rowActions: [
    {
      key: 'up',
      label: 'up',
      perm: Perm.dict.edit,
      run: async (row, ctx) => {
        await move(dict, row, -1);
        ctx.reload();
      },
    },
    {
      key: 'down',
      label: 'down',
      perm: Perm.dict.edit,
      run: async (row, ctx) => {
        await move(dict, row, 1);
        ctx.reload();
      },
    },
  ],
});

function ItemsDrawer({ dict, onClose }: { dict: Dict | null; onClose: () => void }) {
  const { t: tr } = useTranslation('dict');
  const def = useMemo(() => (dict ? itemResource(dict) : null), [dict]);
  return (
    <Drawer
      open={!!dict}
      size={980}
      title={dict ? tr('itemsOf', { name: dict.name, code: dict.code }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="dict-items"
    >
      {dict && def ? (
        <ListPage
          def={def}
          extraFilters={{ dictId: dict.id }}
          header={dict.sealed ? <Alert type="info" showIcon title={tr('sealedHint')} style={{ marginBottom: 12 }} /> : null}
        />
      ) : null}
    </Drawer>
  );
}

/** /kems-pmi/views/dict/data: dictionaries and their items; the console's dictionary cache reloads on change. */
export default function DictPage() {
  const [open, setOpen] = useState<Dict | null>(null);
  const def = useMemo(() => dictResource(setOpen), []);
  return (
    <>
      <ListPage def={def} />
      <ItemsDrawer
        dict={open}
        onClose={() => {
          setOpen(null);
          void invalidateResource('dict');
        }}
      />
    </>
  );
}
