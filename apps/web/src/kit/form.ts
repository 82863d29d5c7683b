import { useState } from 'react';
import type { FormInstance } from 'antd';
import './kitI18n.ts';
import { t } from '../app/i18n.ts';
import { notify } from '../app/notify.ts';
import { confirm, success } from '../app/feedback.tsx';
import { conflictOf, isApiError } from '../app/request.ts';

import { applyFieldErrors } from './fieldErrors.ts';

export { applyFieldErrors, fieldErrorsOf, formFieldOf } from './fieldErrors.ts';

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

/**
 * A hand-written form's submit, the kit's one way: validates (focusing the first field in error),
 * is `busy` while `save` runs, and reacts to a failed save as `reactToSaveError` does.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>, opts: { reload?: () => unknown } = {}) {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await save(values);
    } catch (err) {
      await reactToSaveError(form, err, opts);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
