import type { z } from 'zod';
import {
  Perm,
  registryTranslationCreate,
  type RegistryTranslationRow,
  type registryTranslationListQuery,
  type registryTranslationUpdate,
} from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import './shared.tsx';

const rules = registryTranslationCreate.shape;
const P = Perm.registryTranslation;

export const registryTranslationResource: ResourceDef<
  RegistryTranslationRow,
  z.input<typeof registryTranslationCreate> & z.input<typeof registryTranslationUpdate>,
  z.input<typeof registryTranslationListQuery>
> = {
  key: 'registryTranslation',
  ns: 'registry',
  name: 'translation',
  nameField: 'code',
  endpoint: { prefix: 'system', path: 'registry/translation' },
  perms: { add: P.edit, edit: P.edit, remove: P.edit, import: P.edit, export: P.list },
  search: [
    { name: 'code', label: 'field.translationCode' },
    { name: 'queryApi', label: 'field.queryApi' },
  ],
  columns: [
    { key: 'code', label: 'field.translationCode', content: 'code', sorter: true },
    { key: 'queryApi', label: 'field.queryApi', content: 'code' },
    { key: 'cacheApi', label: 'field.cacheApi', content: 'code' },
    { key: 'matchColumn', label: 'field.matchColumn', content: 'code' },
    { key: 'column1', label: 'field.column1', content: 'code' },
    { key: 'column2', label: 'field.column2', content: 'code' },
    { key: 'column3', label: 'field.column3', content: 'code', hiddenByDefault: true },
    { key: 'column4', label: 'field.column4', content: 'code', hiddenByDefault: true },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'code', label: 'field.translationCode', rule: rules.code },
    { name: 'matchColumn', label: 'field.matchColumn', rule: rules.matchColumn, initialValue: 'id' },
    { name: 'queryApi', label: 'field.queryApi', rule: rules.queryApi, span: 2, extra: 'hint.queryApi' },
    { name: 'cacheApi', label: 'field.cacheApi', rule: rules.cacheApi, span: 2, extra: 'hint.cacheApi' },
    { name: 'column1', label: 'field.column1', rule: rules.column1 },
    { name: 'column2', label: 'field.column2', rule: rules.column2 },
    { name: 'column3', label: 'field.column3', rule: rules.column3 },
    { name: 'column4', label: 'field.column4', rule: rules.column4 },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: rules.remark, span: 2 },
  ],
  formColumns: 2,
};

/** Service registry: translation items, read by the console's dictionary translation (app/dict.ts useTranslated). */
export default function TranslationPage() {
  return <ListPage def={registryTranslationResource} />;
}
