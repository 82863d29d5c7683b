import type { FormInstance } from 'antd';
import { isApiError } from '../app/request.ts';

/** Field errors of an ApiError (969600 / 100400 detail: [{field, message}]). */
export function fieldErrorsOf(err: unknown): { field: string; message: string }[] {
  if (!isApiError(err) || !Array.isArray(err.detail)) return [];
  return (err.detail as unknown[])
    .filter((d): d is { field: string; message: string } => !!d && typeof d === 'object' && 'field' in d && 'message' in d)
    .map((d) => ({ field: String(d.field), message: String(d.message) }));
}

/**
 * Shows a server's field errors inline on an antd form. Returns true when at least one
 * error landed on a field of the form.
 */
export function applyFieldErrors(form: FormInstance, err: unknown): boolean {
  const list = fieldErrorsOf(err);
  if (!list.length) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = list.filter((e) => known.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
