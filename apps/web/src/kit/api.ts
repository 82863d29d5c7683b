import type { Key } from 'react';
import type { Page } from '@venue/contract';
import { api, downloadFile, http } from '../app/request.ts';
import { idsPath } from './query.ts';
import type { ResourceApi, ResourceDef, Row } from './types.ts';

/** Long calls (export of many rows, import of thousands) wait longer than the 5 s default. */
export const FILE_TIMEOUT_MS = 180_000;

/** The resource's base url: api.system('role') etc. (read at call time: config.json is loaded at start). */
export function baseUrl(def: Pick<ResourceDef, 'endpoint'>): string {
  return api[def.endpoint.prefix](def.endpoint.path);
}

export function rowKeyOf(def: Pick<ResourceDef, 'rowKey'>, row: Row): Key {
  return row[def.rowKey ?? 'id'] as Key;
}

/**
 * The calls of a resource, following ARCHITECTURE 4: `POST x/list`, `GET x/{id}`, `POST x`,
 * `PUT x/{id}` (with version), `DELETE x/{ids}`, `POST x/export`, `POST x/import`
 * (multipart field `file`), `GET x/import/template`. `def.api` overrides any of them.
 */
export function resourceApi<T extends Row>(def: ResourceDef<T>): ResourceApi<T> {
  const base = () => baseUrl(def);
  const key = (row: T) => rowKeyOf(def, row);
  const defaults: ResourceApi<T> = {
    list: (body) => http.post<Page<T>>(`${base()}/list`, body),
    get: (row) => http.get<T>(`${base()}/${encodeURIComponent(String(key(row)))}`),
    create: (body) => http.post(base(), body),
    update: (row, body) => http.put(`${base()}/${encodeURIComponent(String(key(row)))}`, body),
    remove: (ids) => http.del(idsPath(base(), ids)),
    export: (body) => downloadFile({ url: `${base()}/export`, method: 'POST', data: body, timeout: FILE_TIMEOUT_MS }, `${def.key}.xlsx`),
    import: (file) => {
      const fd = new FormData();
      fd.append('file', file, file.name);
      return http.post(`${base()}/import`, fd, { timeout: FILE_TIMEOUT_MS });
    },
    template: () => downloadFile({ url: `${base()}/import/template`, method: 'GET', timeout: FILE_TIMEOUT_MS }, `${def.key}-template.xlsx`),
  };
  return { ...defaults, ...def.api } as ResourceApi<T>;
}
