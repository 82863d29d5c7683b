import type { z } from 'zod';
import { Perm, openApiUpdate, type OpenApiRow, type openApiListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { apiStatusOptions, inLang } from './shared.tsx';

const rules = openApiUpdate.shape;
const tokenOptions = [
  { value: 'signature', label: 'token.signature' },
  { value: 'none', label: 'token.none' },
];

/** The interfaces the server opens under /api/open/: their uri and method are the code's; the platform names, describes, opens or closes them. */
export const openApiResource: ResourceDef<OpenApiRow, z.input<typeof openApiUpdate>, z.input<typeof openApiListQuery>> = {
  key: 'openApi',
  ns: 'openApp',
  name: 'apiName',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'openApi' },
  perms: { edit: Perm.openApp.api },
  features: { add: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
  search: [
    { name: 'name', label: 'field.apiName' },
    { name: 'code', label: 'field.code' },
    { name: 'status', label: 'field.status', type: 'select', options: apiStatusOptions },
  ],
  columns: [
    { key: 'code', label: 'field.code', content: 'code' },
    { key: 'name', label: 'field.apiName', render: (v: string, row) => inLang(v, row.nameEn) },
    { key: 'method', label: 'field.method', content: 'code' },
    { key: 'uri', label: 'field.uri', content: 'code', width: 260 },
    {
      key: 'description',
      label: 'field.description',
      ellipsis: true,
      width: 280,
      detailSpan: 2,
      render: (v: string | null, row) => inLang(v, row.descriptionEn) ?? '—',
    },
    { key: 'tokenCategory', label: 'field.tokenCategory', options: tokenOptions },
    { key: 'apiVersion', label: 'field.apiVersion', content: 'code' },
    { key: 'status', label: 'field.status', options: apiStatusOptions },
  ],
  form: [
    { name: 'name', label: 'field.apiName', rule: rules.name },
    { name: 'nameEn', label: 'field.nameEn', rule: rules.nameEn },
    { name: 'status', label: 'field.status', type: 'radio', options: apiStatusOptions },
    { name: 'description', label: 'field.description', type: 'textarea', rule: rules.description, span: 2 },
    { name: 'descriptionEn', label: 'field.descriptionEn', type: 'textarea', rule: rules.descriptionEn, span: 2 },
  ],
  formColumns: 1,
  api: {
    // The interfaces are few and read from the list; edit sends the editable fields with the version.
    get: async (row: OpenApiRow) => row,
  },
  toBody: (values, _mode, row) => ({
    name: values.name ?? row?.name,
    nameEn: values.nameEn ?? (row?.nameEn || undefined),
    description: values.description ?? row?.description ?? null,
    descriptionEn: values.descriptionEn ?? row?.descriptionEn ?? null,
    status: values.status ?? row?.status,
    version: row?.version,
  }),
};

/** /appAccess/ThirdApiManager: the interfaces that may be opened to third parties. */
export default function ApiPage() {
  return <ListPage def={openApiResource} />;
}
