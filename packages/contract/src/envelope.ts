import { z } from 'zod';
import { fields, INT4_MAX } from './fields.ts';

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  detail: unknown;
  head: { level: 'info' | 'warn' | 'error' };
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
