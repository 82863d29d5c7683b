import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  Perm,
  TEMPLATE_MAX_MM,
  TEMPLATE_MIN_MM,
  ticketTemplateCreate,
  type TicketTemplateRow,
  type ticketTemplateListQuery,
  type ticketTemplateUpdate,
} from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, kindOptions, templateDesignPath, templatePrintPath } from './shared.tsx';

/**
 * Ticket templates (issue 13, spec ticketManagement/ticketTemplate): the layouts of printed tickets
 * and e-tickets. Add one with its size here, then place its QR code and fields in the designer;
 * Preview opens the print view with sample data.
 */
type TemplateForm = z.input<typeof ticketTemplateCreate> & z.input<typeof ticketTemplateUpdate>;
const mm = z.number().int().min(TEMPLATE_MIN_MM).max(TEMPLATE_MAX_MM);

export default function TemplateListPage() {
  const navigate = useNavigate();
  const def = useMemo<ResourceDef<TicketTemplateRow, TemplateForm, z.input<typeof ticketTemplateListQuery>>>(
    () => ({
      key: 'ticketTemplate',
      ns: NS,
      name: 'template',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/template' },
      perms: { add: Perm.ticket.template, edit: Perm.ticket.template, remove: Perm.ticket.template },
      features: { export: false, import: false, detail: false },
      search: [
        { name: 'name', label: 'field.name' },
        { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
      ],
      columns: [
        { key: 'name', label: 'field.name', sorter: true },
        { key: 'kind', label: 'field.kind', options: kindOptions },
        { key: '$size', label: 'field.size', render: (_: unknown, r: TicketTemplateRow) => `${r.widthMm} × ${r.heightMm}` },
        { key: 'elements', label: 'field.elements', content: 'number', render: (v: unknown[]) => v.length },
        { key: 'useCount', label: 'field.useCount', content: 'number' },
        { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true },
      ],
      form: [
        { name: 'name', label: 'field.name', rule: ticketTemplateCreate.shape.name },
        { name: 'kind', label: 'field.kind', type: 'radio', options: kindOptions, initialValue: 'paper' },
        { name: 'widthMm', label: 'field.widthMm', type: 'integer', rule: mm, initialValue: 90 },
        { name: 'heightMm', label: 'field.heightMm', type: 'integer', rule: mm, initialValue: 50 },
      ],
      formColumns: 1,
      toBody: (values, mode) => (mode === 'add' ? { elements: [], ...values } : values),
      rowActions: [
        { key: 'design', label: 'design', perm: Perm.ticket.template, run: (row) => navigate(templateDesignPath(row.id)) },
        { key: 'preview', label: 'preview', run: (row) => navigate(templatePrintPath(row.id)) },
      ],
    }),
    [navigate],
  );
  return <ListPage def={def} />;
}
