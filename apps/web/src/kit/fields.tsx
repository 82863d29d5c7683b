import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Radio, Select, Switch, TreeSelect, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useDict } from '../app/dict.ts';
import { useLang } from '../app/prefs.ts';
import { IntegerInput, NumberInput } from './inputs.tsx';
import { useKitT, useLabelT } from './kitI18n.ts';
import { placeholderObject } from './wording.ts';
import { emptyInput, isRequired, validateValue } from './zodRule.ts';
import type { FieldDef, FormMode, Option, Row } from './types.ts';

/** Options of a field in the current language: static, from a hook, or from a dictionary. */
export function useFieldOptions(field: Pick<FieldDef, 'options' | 'dict' | 'numeric' | 'useOptions'>, ns: string): Option[] {
  const tl = useLabelT(ns);
  const dict = useDict(field.dict ?? '');
  // The hook is part of the field's (static) description: the same one on every render.
  const fromHook = field.useOptions ? field.useOptions() : null;
  if (fromHook) return fromHook;
  if (field.dict) return dict.map((d) => ({ value: field.numeric ? Number(d.value) : d.value, label: d.label }));
  return (field.options ?? []).map((o) => ({ ...o, label: tl(o.label) }));
}

export function fieldRequired(field: FieldDef): boolean {
  return field.required ?? isRequired(field.rule);
}

/** The Form.Item rules of a field: 'cannot be empty' when required, then its zod schema. */
export function useFieldRules(field: FieldDef): Rule[] {
  const tk = useKitT();
  const required = fieldRequired(field);
  return [
    {
      validator: async (_rule, value: unknown) => {
        if (emptyInput(value)) {
          if (required) throw new Error(tk('required'));
          return;
        }
        if (field.rule) {
          const msg = validateValue(field.rule, value, tk);
          if (msg) throw new Error(msg);
        }
      },
    },
  ];
}

const DAY = 'YYYY-MM-DD';

/** The input element of a field (value/onChange come from the surrounding Form.Item). */
export function FieldInput({
  field,
  ns,
  mode,
  form,
  value,
  onChange,
  id,
}: {
  field: FieldDef;
  ns: string;
  mode: FormMode | 'search';
  form: FormInstance;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Form.Item injects the value, whose type is the field type's (text, number, day range, tree ids …)
  value?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same value back, as the field type's input gives it
  onChange?: (v: any) => void;
  id?: string;
}) {
  const tk = useKitT();
  const tl = useLabelT(ns);
  const lang = useLang();
  const options = useFieldOptions(field, ns);
  const tree = field.useTree ? field.useTree() : undefined;
  const label = tl(field.label);
  const type = field.type ?? 'text';
  const values = (form.getFieldsValue(true) ?? {}) as Row;
  const disabled = typeof field.disabled === 'function' ? mode !== 'search' && field.disabled(mode, values) : field.disabled;
  const object = placeholderObject(label, lang, type === 'multiSelect');
  const ph = field.placeholder
    ? tl(field.placeholder)
    : ['select', 'multiSelect', 'treeSelect', 'date', 'radio'].includes(type)
      ? tk('placeholderSelect', { label: object })
      : tk('placeholderInput', { label: object });
  const common = { id, value, onChange, disabled, placeholder: ph, ...(field.props ?? {}) };
  const selectOptions = options.map((o) => ({ value: o.value as string | number, label: o.label, disabled: o.disabled }));
  switch (type) {
    case 'textarea':
      return <Input.TextArea rows={3} allowClear {...common} onChange={(e) => onChange?.(e.target.value)} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...common} onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
      return <NumberInput decimals={field.decimals ?? 2} negative={field.negative} {...common} />;
    case 'integer':
      return <IntegerInput negative={field.negative} {...common} />;
    case 'select':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={selectOptions} {...common} />;
    case 'multiSelect':
      return <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} maxTagCount="responsive" options={selectOptions} {...common} />;
    case 'treeSelect':
      return <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={tree ?? []} {...common} />;
    case 'radio':
      return <Radio.Group options={selectOptions} {...common} onChange={(e) => onChange?.(e.target.value)} />;
    case 'switch':
      return <Switch checked={!!value} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} {...(field.props ?? {})} />;
    case 'date':
      return (
        <DatePicker
          style={{ width: '100%' }}
          {...common}
          value={value ? dayjs(value as string) : null}
          onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DAY) : null)}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          id={id}
          value={value}
          onChange={onChange}
          disabled={disabled}
          placeholder={[tk('startDate'), tk('endDate')]}
          {...(field.props ?? {})}
        />
      );
    case 'custom':
      return <>{field.render?.({ mode, form }) ?? null}</>;
    default:
      return <Input allowClear {...common} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/** One Form.Item for a field description, with its rules (none in search forms). */
export function FieldItem({
  field,
  ns,
  mode,
  form,
  noRules,
}: {
  field: FieldDef;
  ns: string;
  mode: FormMode | 'search';
  form: FormInstance;
  noRules?: boolean;
}): ReactNode {
  const tl = useLabelT(ns);
  const rules = useFieldRules(field);
  const required = !noRules && fieldRequired(field);
  if (field.type === 'custom' && field.render) {
    return (
      <Form.Item
        name={field.name}
        label={tl(field.label)}
        required={required}
        rules={noRules ? [] : rules}
        extra={field.extra ? tl(field.extra) : undefined}
        dependencies={field.dependencies}
      >
        {field.render({ mode, form })}
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={field.name}
      label={tl(field.label)}
      required={required}
      rules={noRules ? [] : rules}
      extra={field.extra ? tl(field.extra) : undefined}
      dependencies={field.dependencies}
      validateFirst
    >
      <FieldInput field={field} ns={ns} mode={mode} form={form} />
    </Form.Item>
  );
}
