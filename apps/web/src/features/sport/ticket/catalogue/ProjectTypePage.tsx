import { useMemo } from 'react';
import type { z } from 'zod';
import { Perm, ticketTypeCreate, type Page, type TicketTypeRow, type ticketTypeListQuery, type ticketTypeUpdate } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, ticketPath, useParentTypeOptions } from './shared.ts';

/**
 * Project types (issue 13, spec ticketManagement/projectType): a tree of top types and their child
 * types (one level deep). Add makes a top type or, with a parent, a child; each top type's row adds
 * a child under it.
 */
type TypeForm = z.input<typeof ticketTypeCreate> & z.input<typeof ticketTypeUpdate>;
type TypeNode = TicketTypeRow & { children?: TypeNode[] };

/** The whole list, as a tree: top types (by order) with their children. */
async function typeTree(body: Record<string, unknown>): Promise<TypeNode[]> {
  const page = await http.post<Page<TicketTypeRow>>(ticketPath('type/list'), { ...body, pageNum: 1, pageSize: 500 });
  const rows = page.data;
  const byOrder = (a: TicketTypeRow, b: TicketTypeRow) => a.sort - b.sort || a.id - b.id;
  const ids = new Set(rows.map((r) => r.id));
  const tops = rows.filter((r) => r.parentId === null || !ids.has(r.parentId)).sort(byOrder);
  return tops.map((p) => {
    const children = rows.filter((r) => r.parentId === p.id).sort(byOrder);
    return children.length ? { ...p, children } : { ...p };
  });
}

export default function ProjectTypePage() {
  const def = useMemo<ResourceDef<TicketTypeRow, TypeForm, z.input<typeof ticketTypeListQuery>>>(
    () => ({
      key: 'ticketType',
      ns: NS,
      name: 'projectType',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/type' },
      perms: { add: Perm.ticket.project, edit: Perm.ticket.project, remove: Perm.ticket.project },
      features: { export: false, import: false, detail: false, batchRemove: false, selection: false },
      tree: true,
      api: { list: typeTree },
      search: [{ name: 'name', label: 'field.typeName' }],
      columns: [
        { key: 'name', label: 'field.typeName' },
        { key: 'sort', label: 'field.sort', content: 'number' },
        { key: 'createTime', label: 'field.createTime', format: 'datetime' },
      ],
      form: [
        { name: 'parentId', label: 'field.parentType', type: 'select', useOptions: useParentTypeOptions, required: false, disabled: (mode) => mode === 'edit' },
        { name: 'name', label: 'field.typeName', rule: ticketTypeCreate.shape.name },
        { name: 'sort', label: 'field.sort', type: 'integer', required: false, initialValue: 0 },
      ],
      rowActions: [
        {
          key: 'addChild',
          label: 'addChild',
          perm: Perm.ticket.project,
          visible: (row) => row.parentId === null,
          run: (row, ctx) => ctx.openAdd({ parentId: row.id }),
        },
      ],
    }),
    [],
  );
  return <ListPage def={def} />;
}
