import { useMemo, useRef, useState } from 'react';
import { Button, Form, InputNumber, Select, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, appPageCreate, type AppPageRow, type Page } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { ListPage, type ListHandle, type ResourceDef } from '../../../kit/index.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { NS, bindKindOptions, useDeskT } from './shared.ts';

const levelOptions = [
  { value: 'page', label: 'level.page', color: 'blue' },
  { value: 'slot', label: 'level.slot', color: 'purple' },
  { value: 'item', label: 'level.item' },
];

function Bindings({ row }: { row: AppPageRow }) {
  const t = useDeskT();
  return (
    <span data-testid={`page-bindings-${row.id}`}>
      {row.bindings.map((b) => (
        <Tag key={b.id}>
          {t(`bindKind.${b.kind}` as never)}·{b.name ?? b.refId}
        </Tag>
      ))}
    </span>
  );
}

/** The member app's pages: page -> slots -> child items (add, child add), and what each slot shows (bindItems: courses, goods, venues). */
export default function PageSettingsPage() {
  const t = useDeskT();
  const list = useRef<ListHandle<AppPageRow>>(null);
  const [binding, setBinding] = useState<AppPageRow | null>(null);
  const def = useMemo<ResourceDef<AppPageRow>>(
    () => ({
      key: 'app-page',
      ns: NS,
      name: 'page',
      tree: true,
      endpoint: { prefix: 'sport', path: 'deskops/page' },
      api: { list: async (body) => (await http.post<Page<AppPageRow>>(api.sport('deskops/page/list'), body)).data },
      perms: { add: Perm.pageSetting.add, remove: Perm.pageSetting.remove },
      features: { edit: false, import: false, export: false, detail: false },
      search: [{ name: 'name', label: 'field.name' }],
      columns: [
        { key: 'name', label: 'field.name' },
        { key: 'code', label: 'field.code', width: 140 },
        { key: 'level', label: 'kit:type', options: levelOptions, width: 100 },
        { key: 'sort', label: 'field.sort', width: 80 },
        { key: '$bindings', label: 'field.bindings', render: (_: unknown, r) => <Bindings row={r} /> },
      ],
      form: [
        { name: 'parentId', label: 'field.name', hidden: () => true, required: false },
        { name: 'name', label: 'field.name', rule: appPageCreate.shape.name },
        { name: 'code', label: 'field.code', rule: appPageCreate.shape.code },
        { name: 'sort', label: 'field.sort', type: 'integer', required: false, initialValue: 0 },
      ],
      rowActions: [
        {
          key: 'addChild',
          label: 'action.addChild',
          perm: Perm.pageSetting.add,
          visible: (r) => r.level !== 'item',
          run: (r, ctx) => ctx.openAdd({ parentId: r.id }),
        },
        { key: 'bind', label: 'action.bind', perm: Perm.pageSetting.bind, visible: (r) => r.level === 'slot', run: (r) => setBinding(r) },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} ref={list} />
      <ActionDialog<{ items: { kind: string; refId: number }[] }>
        title={t('action.bind')}
        testId="page-bind"
        open={binding !== null}
        onClose={() => setBinding(null)}
        initialValues={{ items: binding?.bindings.map((b) => ({ kind: b.kind, refId: b.refId })) ?? [] }}
        save={async (v) => {
          await http.put(api.sport(`deskops/page/${binding!.id}/bindItems`), { items: v.items ?? [] });
          list.current?.reload();
        }}
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'kind']} rules={[{ required: true, message: t('kit:required') }]}>
                    <Select style={{ width: 120 }} options={bindKindOptions.map((o) => ({ value: o.value, label: t(o.label as never) }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'refId']} rules={[{ required: true, message: t('kit:required') }]}>
                    <InputNumber min={1} precision={0} placeholder="ID" />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="remove" />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'course' })} data-testid="page-bind-add">
                {t('action.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </ActionDialog>
    </>
  );
}
