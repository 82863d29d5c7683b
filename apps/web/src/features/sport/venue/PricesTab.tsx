import { useMemo } from 'react';
import { Tag } from 'antd';
import { z } from 'zod';
import { Perm, priceRuleCreate, type PriceRuleRow, type VenueRow, type priceRuleListQuery } from '@venue/contract';
import { formatDay, ListPage, sportName, sportOptions, type ResourceDef, type Row } from '../../../kit/index.ts';
import { getLang, type Lang } from '../../../app/prefs.ts';
import { useSiteOptions } from './SitesTab.tsx';
import { NS, dayKindOptions, fenToYuan, toFen, useTimeOptions, vt, weekdayOptions, weekdaysText, yuan } from './shared.tsx';

/** A price in yuan as typed (the rule's `priceFen` is fen): 0 to 1,000,000 yuan. */
export const yuanRule = z.number().min(0).max(1_000_000);

/** The price-rule form: the create body with the price in yuan instead of fen. */
type PriceForm = Omit<z.input<typeof priceRuleCreate>, 'priceFen' | 'venueId'> & { price?: number | null };
const shape = priceRuleCreate.shape;

/** Where a rule applies: one site, every site of a sport, or all sites. */
function scopeText(row: PriceRuleRow): string {
  if (row.siteName) return row.siteName;
  if (row.sport) return vt('allOfSport', { sport: sportName(row.sport) });
  return vt('allSites');
}

function validityText(row: PriceRuleRow, lang: Lang): string {
  if (!row.validFrom && !row.validTo) return vt('forever');
  if (row.validFrom && row.validTo) return `${formatDay(row.validFrom, lang)} ~ ${formatDay(row.validTo, lang)}`;
  return row.validFrom ? vt('fromOn', { from: formatDay(row.validFrom, lang) }) : vt('untilOn', { to: formatDay(row.validTo, lang) });
}

function priceDef(venueId: number): ResourceDef<PriceRuleRow, PriceForm, z.input<typeof priceRuleListQuery>> {
  const useSites = () => useSiteOptions(venueId);
  return {
    key: 'price',
    ns: NS,
    name: 'price',
    nameField: 'name',
    endpoint: { prefix: 'sport', path: 'venue/price' },
    perms: { add: Perm.venue.edit, edit: Perm.venue.edit, remove: Perm.venue.edit },
    features: { export: false, import: false, detail: false },
    columns: [
      { key: 'name', label: 'field.ruleName' },
      { key: '$scope', label: 'field.scope', render: (_v, r) => scopeText(r) },
      { key: 'weekdays', label: 'field.weekdays', render: (v: number[]) => weekdaysText(v, vt) },
      { key: 'dayKind', label: 'field.dayKind', options: dayKindOptions },
      { key: '$time', label: 'field.timeBand', content: 'code', render: (_v, r) => `${r.start}-${r.end}` },
      { key: 'level', label: 'field.level', content: 'tag', render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : vt('walkIn')) },
      { key: 'priceFen', label: 'field.priceFen', content: 'number', align: 'right', render: (v: number) => <span data-testid="price-amount">{yuan(v)}</span> },
      { key: '$validity', label: 'field.validity', content: 'code', render: (_v, r) => validityText(r, getLang()) },
      { key: 'enabled', label: 'field.enabled', format: 'yesNo' },
    ],
    form: [
      { name: 'name', label: 'field.ruleName', rule: shape.name, span: 2 },
      { name: 'siteId', label: 'field.siteId', type: 'select', useOptions: useSites, required: false, placeholder: 'allSites' },
      { name: 'sport', label: 'field.sport', type: 'select', options: sportOptions, required: false, hidden: (v) => !!v.siteId },
      { name: 'weekdays', label: 'field.weekdays', type: 'multiSelect', options: weekdayOptions, required: false, placeholder: 'everyDay' },
      { name: 'dayKind', label: 'field.dayKind', type: 'select', options: dayKindOptions, initialValue: 'any', required: true, props: { allowClear: false } },
      { name: 'start', label: 'field.start', type: 'select', useOptions: useTimeOptions, rule: shape.start, required: true },
      { name: 'end', label: 'field.end', type: 'select', useOptions: useTimeOptions, rule: shape.end, required: true, dependencies: ['start'] },
      { name: 'price', label: 'field.price', type: 'number', decimals: 2, rule: yuanRule, required: true },
      { name: 'level', label: 'field.level', rule: shape.level, placeholder: 'walkIn' },
      { name: 'validFrom', label: 'field.validFrom', type: 'date', rule: shape.validFrom },
      { name: 'validTo', label: 'field.validTo', type: 'date', rule: shape.validTo, dependencies: ['validFrom'] },
      { name: 'enabled', label: 'field.enabled', type: 'switch', initialValue: true, required: false },
    ],
    formColumns: 2,
    toForm: (row) => ({ ...row, price: fenToYuan(row.priceFen) }),
    toBody: (values, mode) => {
      const { price, ...out } = values as Row;
      if ('price' in values) out.priceFen = toFen(price);
      // An empty weekday list is every day (the contract takes a list, never null).
      if ('weekdays' in out && out.weekdays === null) out.weekdays = [];
      // A rule for one site is not also for a sport.
      if (out.siteId) out.sport = null;
      return mode === 'add' ? { ...out, venueId } : out;
    },
  };
}

/** The price rules of the venue: by site, sport or all sites; weekdays, day kind, time band, level. */
export function PricesTab({ venue }: { venue: VenueRow }) {
  const def = useMemo(() => priceDef(venue.id), [venue.id]);
  return <ListPage def={def as ResourceDef<PriceRuleRow>} extraFilters={{ venueId: venue.id }} />;
}
