import type { z } from 'zod';
import { venueCreate, type VenueRow, type venueUpdate } from '@venue/contract';
import type { FieldDef, FieldName, Row } from '../../../kit/index.ts';
import { DEFAULT_TIME_ZONE, sportOptions } from '../../../kit/index.ts';
import { MapLink, slotOptions, useOrgTree, useTimeOptions, useTimeZoneOptions } from './shared.tsx';

/** The venue form's values: the create and update bodies, plus the map link (shown, never sent). */
export type VenueForm = z.input<typeof venueCreate> & z.input<typeof venueUpdate> & { mapLink?: never };
export type VenueField = FieldDef<FieldName<VenueForm>>;

const V = venueCreate.shape;

/** The form's sections; the "my venue" screen shows each as a tab. */
export type VenueSection = 'base' | 'contact' | 'identity' | 'partner';

/**
 * The venue's fields, in sections (the add/edit dialog of the list, the add dialog of "my venue",
 * and the tabs of "my venue"). The organisation is chosen only on the list's add (default: the
 * caller's own).
 */
export function venueFields(opts: { withOrg?: boolean } = {}): VenueField[] {
  const base = 'section.base';
  const list: VenueField[] = [
    { name: 'stadiumName', label: 'field.stadiumName', rule: V.stadiumName, group: base },
    { name: 'mobile', label: 'field.mobile', rule: V.mobile, group: base, props: { maxLength: 11 } },
    { name: 'phone', label: 'field.phone', rule: V.phone, group: base },
    {
      name: 'timeZone',
      label: 'field.timeZone',
      type: 'select',
      useOptions: useTimeZoneOptions,
      required: true,
      initialValue: DEFAULT_TIME_ZONE,
      group: base,
      props: { allowClear: false },
    },
    { name: 'address', label: 'field.address', rule: V.address, span: 2, group: base },
    { name: 'longitude', label: 'field.longitude', type: 'number', decimals: 6, negative: true, rule: V.longitude, group: base },
    { name: 'latitude', label: 'field.latitude', type: 'number', decimals: 6, negative: true, rule: V.latitude, group: base },
    { name: 'mapLink', label: 'field.mapLink', type: 'custom', span: 2, required: false, group: base, render: ({ form }) => <MapLink form={form} /> },
    { name: 'sportcatItems', label: 'field.sportcatItems', type: 'multiSelect', options: sportOptions, rule: V.sportcatItems, span: 2, group: base },
    { name: 'slotMinutes', label: 'field.slotMinutes', type: 'radio', options: slotOptions, required: true, initialValue: 60, group: base },
    { name: 'cooperative', label: 'field.cooperative', type: 'switch', initialValue: false, required: false, group: base },
    {
      name: 'openTime',
      label: 'field.openTime',
      type: 'select',
      useOptions: useTimeOptions,
      rule: V.openTime,
      required: true,
      initialValue: '08:00',
      group: base,
      props: { allowClear: false },
    },
    {
      name: 'closeTime',
      label: 'field.closeTime',
      type: 'select',
      useOptions: useTimeOptions,
      rule: V.closeTime,
      required: true,
      initialValue: '22:00',
      group: base,
      props: { allowClear: false },
    },
    { name: 'description', label: 'field.description', type: 'textarea', rule: V.description, span: 2, group: base },
    { name: 'contactName', label: 'field.contactName', rule: V.contactName, group: 'section.contact' },
    { name: 'contactPhone', label: 'field.contactPhone', rule: V.contactPhone, group: 'section.contact', props: { maxLength: 11 } },
    { name: 'email', label: 'field.email', rule: V.email, group: 'section.contact' },
    { name: 'legalPerson', label: 'field.legalPerson', rule: V.legalPerson, group: 'section.identity' },
    { name: 'licenseNo', label: 'field.licenseNo', rule: V.licenseNo, group: 'section.identity' },
    { name: 'partnerName', label: 'field.partnerName', rule: V.partnerName, group: 'section.partner' },
    { name: 'partnerPhone', label: 'field.partnerPhone', rule: V.partnerPhone, group: 'section.partner', props: { maxLength: 11 } },
  ];
  if (opts.withOrg)
    list.unshift({ name: 'orgId', label: 'field.orgId', type: 'treeSelect', useTree: useOrgTree, modes: ['add'], required: false, group: base });
  return list;
}

export const sectionFields = (section: VenueSection): VenueField[] => venueFields().filter((f) => f.group === `section.${section}`);

/** A venue as the form holds it. */
export function venueToForm(row: VenueRow): Row {
  return { ...row, sportcatItems: row.sportcatItems ?? [] };
}

/**
 * Form values to a venue body: the map link is never sent; cleared sports are an empty list
 * (the contract takes no null there).
 */
export function venueToBody(values: Row): Row {
  const { mapLink: _m, ...out } = values;
  if ('sportcatItems' in out && !out.sportcatItems) out.sportcatItems = [];
  if ('cooperative' in out && out.cooperative === null) out.cooperative = false;
  return out;
}
