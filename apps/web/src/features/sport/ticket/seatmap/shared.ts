import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The seat-map screens' texts: one namespace. */
export const NS = 'seatmap';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;

export function useSeatmapT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

/** Colours offered to new zones, and given to price areas in the order of their keys. */
export const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#fadb14', '#f5222d', '#2f54eb', '#a0d911'];

/** Price-area key -> colour, by the sorted keys present in the map. */
export function levelColorsOf(keys: Iterable<string>): Map<string, string> {
  const sorted = [...new Set(keys)].sort();
  return new Map(sorted.map((k, i) => [k, PALETTE[(i + 3) % PALETTE.length]!]));
}
