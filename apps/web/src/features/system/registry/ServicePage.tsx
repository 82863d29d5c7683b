import type { z } from 'zod';
import { Perm, registryServiceCreate, type RegistryServiceRow, type registryServiceListQuery, type registryServiceUpdate } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { AppName, encodingOptions, serviceTypeOptions, useAppOptions } from './shared.tsx';

const rules = registryServiceCreate.shape;
const P = Perm.registryService;

export const registryServiceResource: ResourceDef<
  RegistryServiceRow,
  z.input<typeof registryServiceCreate> & z.input<typeof registryServiceUpdate>,
  z.input<typeof registryServiceListQuery>
> = {
  key: 'registryService',
  ns: 'registry',
  name: 'service',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'registry/service' },
  perms: { add: P.edit, edit: P.edit, remove: P.edit, import: P.edit, export: P.list },
  search: [
    { name: 'name', label: 'field.serviceName' },
    { name: 'code', label: 'field.serviceCode' },
    { name: 'appId', label: 'field.app', type: 'select', useOptions: useAppOptions },
    { name: 'type', label: 'field.type', type: 'select', options: serviceTypeOptions },
  ],
  columns: [
    { key: 'name', label: 'field.serviceName', sorter: true, render: (v: string) => <strong>{v}</strong> },
    { key: 'code', label: 'field.serviceCode', content: 'code', sorter: true },
    { key: 'serviceVersion', label: 'field.serviceVersion', content: 'code', sorter: true },
    { key: 'type', label: 'field.type', options: serviceTypeOptions },
    // The owning application by the translation item `registryApp` (the console's dictionary translation).
    { key: 'appId', label: 'field.app', width: 220, render: (v: number) => <AppName id={v} /> },
    { key: 'context', label: 'field.context', content: 'code' },
    { key: 'requestEncoding', label: 'field.requestEncoding', content: 'code', hiddenByDefault: true },
    { key: 'responseEncoding', label: 'field.responseEncoding', content: 'code', hiddenByDefault: true },
    { key: 'description', label: 'field.description' },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
  form: [
    { name: 'appId', label: 'field.app', type: 'select', useOptions: useAppOptions, required: true },
    { name: 'name', label: 'field.serviceName', rule: rules.name },
    { name: 'code', label: 'field.serviceCode', rule: rules.code },
    { name: 'serviceVersion', label: 'field.serviceVersion', rule: rules.serviceVersion, initialValue: '1.0.0' },
    { name: 'type', label: 'field.type', type: 'select', options: serviceTypeOptions, required: true, initialValue: 'http' },
    { name: 'context', label: 'field.context', rule: rules.context, extra: 'hint.context' },
    { name: 'requestEncoding', label: 'field.requestEncoding', type: 'select', options: encodingOptions, initialValue: 'UTF-8' },
    { name: 'responseEncoding', label: 'field.responseEncoding', type: 'select', options: encodingOptions, initialValue: 'UTF-8' },
    { name: 'description', label: 'field.description', type: 'textarea', rule: rules.description, span: 2, props: { maxLength: 50, showCount: true } },
  ],
  formColumns: 2,
};

/** Service registry: services (spec 3 "Service"), each shown with its application's name. */
export default function ServicePage() {
  return <ListPage def={registryServiceResource} />;
}
