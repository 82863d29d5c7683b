import type { FormInstance } from 'antd';
import { conflictOf, isApiError } from '../app/request.ts';

// Apart from form.ts (which loads the kit's texts): the login screen uses these and stays light.

/** Field errors of an ApiError (969600 / 100400 detail: [{field, message}]; 100409 detail: {reason, fields}). */
export function fieldErrorsOf(err: unknown): { field: string; message: string }[] {
  if (!isApiError(err)) return [];
  const conflict = conflictOf(err);
  if (conflict) return conflict.fields;
  if (!Array.isArray(err.detail)) return [];
  return (err.detail as unknown[])
    .filter((d): d is { field: string; message: string } => !!d && typeof d === 'object' && 'field' in d && 'message' in d)
    .map((d) => ({ field: String(d.field), message: String(d.message) }));
}

/**
 * The form field a server field path is shown on: the path itself; else a list element's error on
 * the list's field; else the nearest named part of a nested path that the form has
 * (`recipients.roleIds.0` on a form whose field is `roleIds`).
 */
export function formFieldOf(path: string, known: Set<string>): string | undefined {
  if (known.has(path)) return path;
  const isIndex = (part: string) => /^\d+$/.test(part);
  const parts = path.split('.');
  while (parts.length && isIndex(parts[parts.length - 1]!)) parts.pop();
  const lastIndex = parts.map(isIndex).lastIndexOf(true);
  const named = lastIndex >= 0 ? parts.slice(0, lastIndex) : parts;
  return named.reverse().find((part) => !isIndex(part) && known.has(part));
}

/**
 * Shows a server's field errors inline on an antd form. Returns true when at least one
 * error landed on a field of the form.
 */
export function applyFieldErrors(form: FormInstance, err: unknown): boolean {
  const list = fieldErrorsOf(err);
  if (!list.length) return false;
  const known = new Set([...Object.keys(form.getFieldsValue(true) as object), ...Object.keys(form.getFieldsValue() as object)]);
  const fields = list.flatMap((e) => {
    const name = formFieldOf(e.field, known);
    return name ? [{ name, errors: [e.message] }] : [];
  });
  if (fields.length) {
    form.setFields(fields);
    // Shown next to the fields: the request layer shows no popup for it (an error is shown once).
    if (isApiError(err)) err.showInPlace();
  }
  return fields.length > 0;
}
