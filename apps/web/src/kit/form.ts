import type { FormInstance } from 'antd';
import './kitI18n.ts';
import { t } from '../app/i18n.ts';
import { notify } from '../app/notify.ts';
import { confirm, success } from '../app/feedback.tsx';
import { conflictOf, isApiError } from '../app/request.ts';

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

type NamePath = string | number | (string | number)[];

/**
 * Saving with errors (the kit's behaviour for every form): scrolls the first field in error into
 * view and puts the cursor in it. `errorFields` is what `validateFields` rejected with; without
 * it the form's current errors are used. Returns false when no field is in error.
 */
export function focusFirstError(form: FormInstance, errorFields?: { name: NamePath }[]): boolean {
  const first = errorFields?.[0]?.name ?? form.getFieldsError().find((f) => f.errors.length)?.name;
  if (first === undefined) return false;
  form.scrollToField(first, { block: 'center', focus: true });
  return true;
}

/** The fields a rejected `validateFields` names (its error carries `errorFields`). */
export function errorFieldsOf(err: unknown): { name: NamePath }[] {
  const list = (err as { errorFields?: { name: NamePath }[] } | null)?.errorFields;
  return Array.isArray(list) ? list : [];
}

/** 'No changes, no need to save' (spec 5), the one wording and behaviour: a warning, nothing sent, no success toast. */
export function reportNoChanges(): void {
  notify.warning(t('kit:noChanges'));
}

/**
 * How a hand-written form reacts to a failed save (the same rules as the kit's FormDialog):
 * - 100409 `stale`: someone else saved first: asks whether to load the latest version, then `reload`s;
 * - 100409 `duplicate` and field errors (969600, 100400): marked on their fields, the first one focused;
 * - anything else: the request layer's popup (and, for `taken`/`state`, its refresh of the screen).
 * Screens call this instead of testing codes themselves.
 */
export async function reactToSaveError(form: FormInstance, err: unknown, opts: { reload?: () => unknown } = {}): Promise<void> {
  if (conflictOf(err)?.reason === 'stale' && opts.reload && isApiError(err)) {
    err.showInPlace();
    if (await confirm({ title: t('kit:stale'), content: t('kit:staleHint'), okText: t('kit:reload') })) {
      await opts.reload();
      success(t('kit:reloaded'));
    }
    return;
  }
  if (applyFieldErrors(form, err)) focusFirstError(form);
}
