import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Perm, projectCreate, type ProjectRow, type projectListQuery, type projectUpdate } from '@venue/contract';
import { ListPage, type FieldDef, type ResourceDef, useVenueOptions } from '../../../../kit/index.ts';
import { NS, projectDetailPath, realNameOptions, statusOptions, useTypeOptions } from './shared.ts';
import { useNoticeOptions, usePerformerOptions, useTemplateOptions } from '../extras/shared.tsx';

/**
 * Ticket projects (issue 13, spec ticketManagement/projects): the list with its filters, the add and
 * edit dialog, and Detail, which opens the project's sessions and levels.
 */
type ProjectForm = z.input<typeof projectCreate> & z.input<typeof projectUpdate>;

/** The project dialog's fields, shared with the detail page's edit. */
export const projectFormFields: FieldDef<keyof ProjectForm & string>[] = [
  { name: 'name', label: 'field.name', rule: projectCreate.shape.name, span: 2 },
  { name: 'typeId', label: 'field.type', type: 'select', useOptions: useTypeOptions, required: false },
  { name: 'venueId', label: 'field.venue', type: 'select', useOptions: useVenueOptions, required: false },
  { name: 'realName', label: 'field.realName', type: 'radio', options: realNameOptions, initialValue: 'none' },
  { name: 'perBuyerLimit', label: 'field.perBuyerLimit', type: 'integer', rule: z.number().int().min(1).max(999), required: false, placeholder: 'noLimit' },
  { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0 },
  { name: 'posterUrl', label: 'field.posterUrl', rule: z.string().max(500), required: false, extra: 'hint.posterUrl', span: 2 },
  {
    name: 'performerIds',
    label: 'field.performers',
    type: 'multiSelect',
    useOptions: usePerformerOptions,
    required: false,
    span: 2,
    props: { 'data-testid': 'ticketProject-performers' },
  },
  { name: 'noticeId', label: 'ticketExtras:extra.noticeId', type: 'select', useOptions: useNoticeOptions, required: false },
  { name: 'templateId', label: 'ticketExtras:extra.templateId', type: 'select', useOptions: useTemplateOptions, required: false },
  { name: 'description', label: 'field.description', type: 'textarea', rule: z.string().max(10_000), required: false, span: 2 },
  { name: 'purchaseNotice', label: 'field.purchaseNotice', type: 'textarea', rule: z.string().max(10_000), required: false, span: 2 },
];

export default function ProjectListPage() {
  const navigate = useNavigate();
  const def = useMemo<ResourceDef<ProjectRow, ProjectForm, z.input<typeof projectListQuery>>>(
    () => ({
      key: 'ticketProject',
      ns: NS,
      name: 'project',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/project' },
      perms: { add: Perm.ticket.project, edit: Perm.ticket.project, remove: Perm.ticket.project },
      features: { export: false, import: false, detail: false },
      search: [
        { name: 'name', label: 'field.name' },
        { name: 'typeId', label: 'field.type', type: 'select', useOptions: useTypeOptions },
        { name: 'venueId', label: 'field.venue', type: 'select', useOptions: useVenueOptions },
        { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
      ],
      columns: [
        { key: 'name', label: 'field.name' },
        { key: 'typeName', label: 'field.type' },
        { key: 'realName', label: 'field.realName', options: realNameOptions },
        { key: 'perBuyerLimit', label: 'field.perBuyerLimit', content: 'number', render: (v: number | null) => v ?? '—' },
        { key: 'sessionCount', label: 'field.sessionCount', content: 'number' },
        { key: 'status', label: 'field.status', options: statusOptions },
        { key: 'performers', label: 'field.performers', hiddenByDefault: true },
        { key: 'createTime', label: 'field.createTime', format: 'datetime' },
      ],
      formColumns: 2,
      formWidth: 760,
      form: projectFormFields,
      rowActions: [{ key: 'detail', label: 'detail', run: (row) => navigate(projectDetailPath(row.id)) }],
    }),
    [navigate],
  );
  return <ListPage def={def} />;
}
