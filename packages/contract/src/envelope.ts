import { z } from 'zod';
import { fields, idList, INT4_MAX } from './fields.ts';

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  detail: unknown;
  /** `requestId` on error answers: the id of the server's log lines for this request (quote it to support). */
  head: { level: 'info' | 'warn' | 'error'; requestId?: string };
  body: T;
}

export interface Page<T> {
  total: number;
  data: T[];
}

/** The one list protocol: every `x/list` takes this body (plus its own filters). */
export const pageQuery = z.object({
  pageNum: fields.intIn(1, INT4_MAX).default(1),
  pageSize: fields.intIn(1, 500).default(20),
  /** A column key; each list refuses keys it cannot sort by. */
  sortField: fields.sortField.optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The answer of a list: one page of rows and the number of rows matching the filters. */
export const page = <R extends z.ZodType>(row: R) => z.object({ total: z.number().int().min(0), data: z.array(row) });

/** Path parameters `{id}` of `GET/PUT x/{id}`. */
export const idParams = z.object({ id: fields.id });
/** Path parameters `{ids}` of `DELETE x/{ids}` (comma-separated). */
export const idsParams = z.object({ ids: idList });
/** What a batch delete answers: how many rows went. */
export const deletedAnswer = z.object({ deleted: z.number().int().min(0) });

/** One row of an import's rejection report (`detail.errors` of a 100400 answer). */
export interface ImportRowError {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  field: string;
  message: string;
}
/** What `POST x/import` answers when the file was taken. */
export const importResult = z.object({ total: z.number().int(), created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.output<typeof importResult>;
