import { z } from 'zod';

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
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Comma-separated ids in a path (batch delete). */
export const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((s) => s.split(',').map(Number));
