import { useMemo, useRef, useState } from 'react';
import { Form, Input, InputNumber, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Perm, workOrderCreate, type Page, type WorkOrderRow, type workOrderQuery } from '@venue/contract';
import type { z } from 'zod';
import { api, http } from '../../../app/request.ts';
import { ListPage, type ListHandle, type ResourceDef } from '../../../kit/index.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { AssigneeSelect, useAssigneeKindOptions } from './AssigneeSelect.tsx';
import { NS, useDeskT, workStateOptions } from './shared.ts';

type Category = { id: number; name: string; slaHours: number };
const move = (row: WorkOrderRow, body: Record<string, unknown>) => http.put(api.sport(`deskops/workOrder/${row.id}/state`), { ...body, version: row.version });

function useCategoryOptions() {
  const q = useQuery({
    queryKey: ['deskops', 'workCategories'],
    queryFn: () => http.post<Page<Category>>(api.sport('deskops/workCategory/list'), { pageNum: 1, pageSize: 200 }),
  });
  return (q.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.slaHours}h)` }));
}

function Due({ row }: { row: WorkOrderRow }) {
  const t = useDeskT();
  return (
    <span data-testid={`work-order-due-${row.id}`}>
      {new Date(row.dueTime).toLocaleString()}
      {row.overdue ? (
        <Tag color="red" style={{ marginInlineStart: 8 }}>
          {t('overdueMark')}
        </Tag>
      ) : null}
    </span>
  );
}

/** Work orders: overdue first (marked), then by due time; added with a category (its SLA sets the due time) and an assignee; taken, finished, closed. */
export default function WorkOrderPage() {
  const t = useDeskT();
  const list = useRef<ListHandle<WorkOrderRow>>(null);
  const [finishing, setFinishing] = useState<WorkOrderRow | null>(null);
  const [addingCategory, setAddingCategory] = useState(false);
  const def = useMemo<ResourceDef<WorkOrderRow, Record<string, unknown>, z.input<typeof workOrderQuery>>>(
    () => ({
      key: 'work-order',
      ns: NS,
      name: 'workOrder',
      endpoint: { prefix: 'sport', path: 'deskops/workOrder' },
      perms: { add: Perm.workOrder.add, export: Perm.workOrder.list },
      features: { edit: false, remove: false, batchRemove: false, import: false, selection: false },
      search: [
        { name: 'title', label: 'field.title' },
        { name: 'state', label: 'field.state', type: 'select', options: workStateOptions },
      ],
      columns: [
        { key: 'title', label: 'field.title' },
        { key: 'categoryName', label: 'field.categoryId', width: 120 },
        { key: '$assignee', label: 'field.assignee', width: 140, render: (_: unknown, r) => r.assigneeUserName ?? r.assigneeRoleName ?? '' },
        { key: 'state', label: 'field.state', options: workStateOptions, width: 100 },
        { key: 'dueTime', label: 'field.dueTime', width: 260, render: (_: unknown, r) => <Due row={r} /> },
        { key: 'result', label: 'field.result' },
      ],
      form: [
        { name: 'categoryId', label: 'field.categoryId', type: 'select', useOptions: useCategoryOptions, numeric: true, required: true },
        { name: 'title', label: 'field.title', rule: workOrderCreate.shape.title },
        { name: 'content', label: 'field.content', type: 'textarea', required: false },
        { name: 'assigneeKind', label: 'field.assigneeKind', type: 'radio', useOptions: useAssigneeKindOptions, initialValue: 'user', required: true },
        {
          name: 'assigneeUserId',
          label: 'field.assigneeUserId',
          type: 'custom',
          required: true,
          hidden: (v) => v.assigneeKind === 'role',
          render: () => <AssigneeSelect kind="user" />,
        },
        {
          name: 'assigneeRoleId',
          label: 'field.assigneeRoleId',
          type: 'custom',
          required: true,
          hidden: (v) => v.assigneeKind !== 'role',
          render: () => <AssigneeSelect kind="role" />,
        },
      ],
      // The kind only chooses which picker shows: the body names the one assignee.
      toBody: ({ assigneeKind: _kind, ...body }) => body,
      toolbar: [
        { key: 'category', label: 'action.category', icon: <PlusOutlined />, perm: Perm.workOrder.type, need: 'none', run: () => setAddingCategory(true) },
      ],
      rowActions: [
        {
          key: 'take',
          label: 'action.take',
          perm: Perm.workOrder.status,
          visible: (r) => r.state === 'open',
          run: async (r, ctx) => {
            await move(r, { state: 'inProgress' });
            ctx.reload();
          },
        },
        { key: 'finish', label: 'action.finish', perm: Perm.workOrder.status, visible: (r) => r.state === 'inProgress', run: (r) => setFinishing(r) },
        {
          key: 'close',
          label: 'action.close',
          perm: Perm.workOrder.status,
          confirm: true,
          visible: (r) => r.state === 'open' || r.state === 'inProgress',
          run: async (r, ctx) => {
            await move(r, { state: 'closed' });
            ctx.reload();
          },
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} ref={list} />
      <ActionDialog<{ result: string }>
        title={t('action.finish')}
        testId="work-order-finish"
        open={finishing !== null}
        onClose={() => setFinishing(null)}
        save={async (v) => {
          await move(finishing!, { state: 'done', result: v.result });
          list.current?.reload();
        }}
      >
        <Form.Item name="result" label={t('field.result')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </ActionDialog>
      <ActionDialog<{ name: string; slaHours: number }>
        title={t('action.category')}
        testId="work-category-add"
        open={addingCategory}
        onClose={() => setAddingCategory(false)}
        save={(v) => http.post(api.sport('deskops/workCategory'), v)}
      >
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="slaHours" label={t('field.slaHours')} rules={[{ required: true, message: t('kit:required') }]}>
          <InputNumber min={1} max={8760} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </ActionDialog>
    </>
  );
}
