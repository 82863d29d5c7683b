import type { z } from 'zod';
import { MEMBER_ID_CARD, memberCreate, parseIdCard, type MemberRow, type memberUpdate } from '@venue/contract';
import type { FieldDef, FormMode, Row } from '../../../kit/index.ts';
import { MemberPicker, sourceOptions } from './shared.tsx';

export type MemberForm = z.input<typeof memberCreate> & z.input<typeof memberUpdate>;
type MemberField = FieldDef<Extract<keyof MemberForm, string>>;

const S = memberCreate.shape;

/**
 * The individual member's add/edit form (memberList "individual member" dialog). Without the
 * private permission the phone and id number come masked: they are left out of the edit form
 * (nobody may overwrite what they cannot see).
 */
export function memberFields(canPrivate: boolean): MemberField[] {
  const privateModes: FormMode[] | undefined = canPrivate ? undefined : ['add'];
  return [
    { name: 'name', label: 'field.name', rule: S.name, group: 'section.base' },
    { name: 'phone', label: 'field.phone', rule: S.phone, type: 'integer', props: { maxLength: 11, asText: true }, modes: privateModes, group: 'section.base' },
    { name: 'sex', label: 'field.sex', type: 'radio', dict: 'sys_sex', numeric: true, group: 'section.base' },
    { name: 'birthday', label: 'field.birthday', type: 'date', rule: S.birthday, group: 'section.base' },
    { name: 'idType', label: 'field.idType', type: 'select', dict: 'sys_id_type', initialValue: MEMBER_ID_CARD, group: 'section.identity' },
    { name: 'idNo', label: 'field.idNo', rule: S.idNo, extra: 'idNoHint', modes: privateModes, group: 'section.identity' },
    { name: 'address', label: 'field.address', rule: S.address, span: 2, group: 'section.identity' },
    { name: 'level', label: 'field.level', rule: S.level, group: 'section.more' },
    { name: 'source', label: 'field.source', type: 'select', options: sourceOptions, initialValue: 'desk', group: 'section.more' },
    {
      name: 'tags',
      label: 'field.tags',
      type: 'multiSelect',
      rule: S.tags,
      props: { mode: 'tags', tokenSeparators: [',', '，'], open: false, suffixIcon: null },
      span: 2,
      group: 'section.more',
    },
    { name: 'referrerId', label: 'field.referrerId', type: 'custom', render: () => <MemberPicker testId="member-form-referrer" />, group: 'section.more' },
    { name: 'registerDate', label: 'field.registerDate', type: 'date', rule: S.registerDate, modes: ['add'], group: 'section.more' },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: S.remark, group: 'section.more' },
  ];
}

/** Numbers typed in the integer-only phone input travel as text, as the contract expects. */
export function memberToBody(values: Row): Row {
  const out = { ...values };
  if (typeof out.phone === 'number') out.phone = String(out.phone);
  return out;
}

/** The record as the form holds it. */
export function memberToForm(row: MemberRow): Row {
  return { ...row, idNo: row.idNo ?? null };
}

/** The id-card helper (spec 5, as the server does): an identity card number fills birthday and sex. */
export function fillFromIdCard(changed: Row, all: Row, form: { setFieldsValue: (v: Row) => void }): void {
  if (!('idNo' in changed) && !('idType' in changed)) return;
  if ((all.idType ?? MEMBER_ID_CARD) !== MEMBER_ID_CARD) return;
  const info = parseIdCard(all.idNo as string);
  if (info) form.setFieldsValue({ birthday: info.birthday, sex: info.sex });
}

/** The corporate member's add/edit form (memberList "corporate member" dialog): the company, its credit code and contact. */
export function corporateFields(canPrivate: boolean): MemberField[] {
  const privateModes: FormMode[] | undefined = canPrivate ? undefined : ['add'];
  return [
    { name: 'name', label: 'field.companyName', rule: S.name },
    { name: 'creditCode', label: 'field.creditCode', rule: S.creditCode },
    { name: 'contactName', label: 'field.contactName', rule: S.contactName },
    { name: 'phone', label: 'field.contactPhone', rule: S.phone, type: 'integer', props: { maxLength: 11, asText: true }, modes: privateModes },
    { name: 'level', label: 'field.level', rule: S.level },
    { name: 'address', label: 'field.address', rule: S.address, span: 2 },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: S.remark },
  ];
}
