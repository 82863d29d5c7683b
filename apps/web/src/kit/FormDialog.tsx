import { Fragment, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Divider, Form, Row as GridRow } from 'antd';
import { success } from '../app/feedback.tsx';
import { conflictOf, isApiError } from '../app/request.ts';
import { changedValues, isEmptyValue } from './diff.ts';
import { FieldItem } from './fields.tsx';
import { applyFieldErrors, errorFieldsOf, focusFirstError, reportNoChanges } from './form.ts';
import { FormModal } from './FormModal.tsx';
import { useKitT, useLabelT } from './kitI18n.ts';
import type { FieldDef, FormMode, Row } from './types.ts';

export interface FormDialogProps<T extends Row = Row> {
  /** Test ids: `${id}-form` (the form; inputs get ids `${id}-form_${field}`), `${id}-form-ok`, `${id}-form-cancel`. */
  id: string;
  ns: string;
  open: boolean;
  mode: FormMode;
  /** Dialog title (already translated). */
  title: string;
  fields: FieldDef[];
  /** The record being edited (its `version` is sent back). */
  record?: T | null;
  /** Values to start an add from. */
  initial?: Row;
  columns?: 1 | 2;
  width?: number;
  toForm?: (row: T) => Row;
  toBody?: (values: Row, mode: FormMode, row?: T) => Row;
  onValuesChange?: (changed: Row, all: Row, form: ReturnType<typeof Form.useForm>[0], mode: FormMode) => void;
  /** Saves: add gets the whole body; edit gets the changed fields plus `version`. */
  onSubmit: (body: Row, mode: FormMode, record?: T) => Promise<unknown>;
  /** Loads the record again (after a 100409 stale answer). */
  reload?: (record: T) => Promise<T>;
  onClose: () => void;
  onSaved?: (result: unknown) => void;
  /**
   * Asked after the form is valid and changed, before anything is sent: resolve false to stop
   * (e.g. a warning the user declines). Gets the values as the form holds them.
   */
  beforeSubmit?: (values: Row, mode: FormMode) => Promise<boolean> | boolean;
}

/** Fields in their sections: consecutive runs of the same `group` (no group = the first, untitled section). */
export function sectionsOf(fields: FieldDef[]): { group: string | undefined; fields: FieldDef[] }[] {
  const out: { group: string | undefined; fields: FieldDef[] }[] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (last && last.group === f.group) last.fields.push(f);
    else out.push({ group: f.group, fields: [f] });
  }
  return out;
}

/** Add: empty values are left out. */
function addBody(values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) if (!isEmptyValue(v)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out;
}

/** Edit: a cleared value is sent as null (the server clears it). */
function editBody(values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) out[k] = isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : v;
  return out;
}

/**
 * The add/edit dialog of a resource: fields from the description with their zod rules
 * ('cannot be empty' for required ones), inline field errors from 969600/100400 answers,
 * 'no changes, no need to save' when an edit changed nothing, `version` sent with edits, and
 * on a 100409 stale answer 'the record was changed by someone else' with a Reload action.
 */
export function FormDialog<T extends Row = Row>(props: FormDialogProps<T>) {
  const {
    id,
    ns,
    open,
    mode,
    title,
    fields,
    record,
    initial,
    columns,
    width,
    toForm,
    toBody,
    onValuesChange,
    onSubmit,
    reload,
    onClose,
    onSaved,
    beforeSubmit,
  } = props;
  const tk = useKitT();
  const tl = useLabelT(ns);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<T | null | undefined>(record);
  const [stale, setStale] = useState(false);
  const [, setTick] = useState(0);

  const visibleFields = useMemo(() => fields.filter((f) => !f.modes || f.modes.includes(mode)), [fields, mode]);
  const startValues = (rec: T | null | undefined): Row => {
    const base: Row = {};
    for (const f of visibleFields) if (f.initialValue !== undefined) base[f.name] = f.initialValue;
    if (mode === 'edit' && rec) {
      const v = toForm ? toForm(rec) : rec;
      for (const f of visibleFields) base[f.name] = v[f.name] ?? null;
      return base;
    }
    return { ...base, ...(initial ?? {}) };
  };
  const [initialValues, setInitialValues] = useState<Row>(() => startValues(record));

  // A layout effect: the values are set before the dialog's first paint, so typing or a click
  // that comes as soon as it shows is never reset (dialogs that load values on open do the same).
  useLayoutEffect(() => {
    if (!open) return;
    setCurrent(record);
    setStale(false);
    const v = startValues(record);
    setInitialValues(v);
    form.resetFields();
    form.setFieldsValue(v);
    // A dialog opened for another record starts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- starts again only when opened for another record; the form instance is stable
  }, [open, record, mode]);

  const cols = columns ?? (visibleFields.length > 6 ? 2 : 1);
  const values = (form.getFieldsValue(true) ?? {}) as Row;

  const submit = async () => {
    let v: Row;
    try {
      v = (await form.validateFields()) as Row;
    } catch (err) {
      // Saving with errors: the first one is scrolled into view and focused.
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const all = { ...(form.getFieldsValue(true) as Row), ...v };
    const names = visibleFields.filter((f) => !f.hidden?.(all, mode)).map((f) => f.name);
    let body: Row;
    if (mode === 'edit') {
      const changed = changedValues(initialValues, all, names);
      if (Object.keys(changed).length === 0) {
        reportNoChanges();
        return;
      }
      body = toBody ? toBody(editBody(changed), 'edit', current ?? undefined) : editBody(changed);
      if (current && current.version !== undefined && body.version === undefined) body = { ...body, version: current.version };
    } else {
      const picked: Row = {};
      for (const n of names) picked[n] = all[n];
      body = toBody ? toBody(addBody(picked), 'add') : addBody(picked);
    }
    if (beforeSubmit && !(await beforeSubmit(all, mode))) return;
    setBusy(true);
    try {
      const result = await onSubmit(body, mode, current ?? undefined);
      success(mode === 'add' ? tk('added') : tk('saved'));
      onSaved?.(result);
      onClose();
    } catch (err) {
      // 100409 says why: stale (offer to reload, in place), duplicate (its field); taken and state
      // refresh the screen in the request layer.
      if (mode === 'edit' && conflictOf(err)?.reason === 'stale' && isApiError(err)) {
        err.showInPlace();
        setStale(true);
      } else if (applyFieldErrors(form, err)) focusFirstError(form);
    } finally {
      setBusy(false);
    }
  };

  const doReload = async () => {
    if (!current || !reload) return;
    setBusy(true);
    try {
      const fresh = await reload(current);
      setCurrent(fresh);
      const v = startValues(fresh);
      setInitialValues(v);
      form.resetFields();
      form.setFieldsValue(v);
      setStale(false);
      success(tk('reloaded'));
    } finally {
      setBusy(false);
    }
  };

  const dirty = () => {
    if (!open) return false;
    const all = (form.getFieldsValue(true) ?? {}) as Row;
    const names = visibleFields.map((f) => f.name);
    return Object.keys(changedValues(initialValues, all, names)).length > 0;
  };

  const shown = visibleFields.filter((f) => !f.hidden?.(values, mode));
  const sections = sectionsOf(shown);
  const grid = (list: FieldDef[]): ReactNode => (
    <GridRow gutter={16}>
      {list.map((f) => (
        <Col key={f.name} span={cols === 2 && f.span !== 2 && f.type !== 'textarea' ? 12 : 24}>
          <FieldItem field={f} ns={ns} mode={mode} form={form} />
        </Col>
      ))}
    </GridRow>
  );

  return (
    <FormModal
      open={open}
      title={title}
      testId={`${id}-form`}
      width={width ?? (cols === 2 ? 820 : 520)}
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={dirty}
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          data-testid={`${id}-form-stale`}
          style={{ marginBottom: 16 }}
          title={tk('stale')}
          description={tk('staleHint')}
          action={
            reload ? (
              <Button size="small" onClick={() => void doReload()} data-testid={`${id}-form-reload`}>
                {tk('reload')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Form
        form={form}
        name={`${id}-form`}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues}
        scrollToFirstError={false}
        onValuesChange={(changed: Row, all: Row) => {
          onValuesChange?.(changed, all, form, mode);
          // Fields hidden or disabled by other values follow them.
          setTick((n) => n + 1);
        }}
        onFinish={() => void submit()}
      >
        {sections.map((sec, i) => (
          <Fragment key={sec.group ?? `section-${i}`}>
            {sec.group ? (
              <Divider
                titlePlacement="start"
                plain
                className="kit-form-section"
                style={i === 0 ? { marginTop: 0 } : undefined}
                data-testid={`${id}-form-section`}
              >
                {tl(sec.group)}
              </Divider>
            ) : null}
            {grid(sec.fields)}
          </Fragment>
        ))}
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}
