/**
 * Table columns that fit (issue 9): widths from the content type, so dates and times are never
 * cut, short coded values (tags, numbers) take what they need, and free text takes the rest
 * with an ellipsis and a tooltip; and the per-user column settings (shown, hidden, order) and
 * density, kept in the browser. Pure helpers, unit-tested in __tests__/columns.test.ts.
 */
import { readLocal, writeLocal } from '../app/storage.ts';

/** What a column holds, for its width. */
export type ColumnContent = 'date' | 'datetime' | 'time' | 'number' | 'money' | 'tag' | 'code' | 'json' | 'text';

/** Horizontal padding of a cell (antd Table, size middle: 8px each side) plus the border and a little slack. */
export const CELL_PADDING = 16 + 1 + 3;
/** The sorter's arrows beside a header title (12px icon, 4px gap, rounding). */
export const SORTER_WIDTH = 20;
/** A tag: its padding and border, and its margin. */
export const TAG_EXTRA = 16 + 8;
/** The JSON preview's width (its text is cut to fit; the viewer shows the whole value). */
export const JSON_PREVIEW_WIDTH = 200;
/** Text columns never get narrower than this (their text is cut with an ellipsis and a tooltip). */
export const MIN_TEXT_WIDTH = 80;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

/**
 * Width of a text in px at the table's 14px font, estimated by character class (used where no
 * canvas exists, and as a floor for the canvas measure): ideographs and full-width forms 14px,
 * capitals and digits 9px, other narrow characters 7.5px.
 */
export function estimateTextWidth(text: string, bold = false): number {
  let w = 0;
  for (const ch of text) {
    if (CJK.test(ch)) w += 14;
    else if (/[A-Z0-9@#%&MW]/.test(ch)) w += 9;
    else if (/[ il.,:;'|!]/.test(ch)) w += 4.5;
    else w += 7.5;
  }
  return Math.ceil(bold ? w * 1.06 : w);
}

let canvas: { getContext(kind: '2d'): CanvasRenderingContext2D | null } | null = null;

/** Width of a text in px in the given CSS font, measured on a canvas when there is one. */
export function measureText(text: string, font: string, bold = false): number {
  if (!text) return 0;
  if (typeof document !== 'undefined') {
    canvas ??= document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.font = `${bold ? 600 : 400} ${font}`;
      return Math.ceil(ctx.measureText(text).width);
    }
  }
  return estimateTextWidth(text, bold);
}

export interface WidthInput {
  content: ColumnContent;
  /** The header title as shown. */
  title: string;
  sorter?: boolean;
  /** Texts the column shows (sample values, option labels, the current page's cells). */
  samples: string[];
  /** Text width function (px). */
  measure: (text: string, bold?: boolean) => number;
}

/**
 * The width a column needs, or undefined for free text (which takes the rest of the table and
 * is cut with an ellipsis). Fixed-size content (dates, times, numbers, money, tags, codes) is as
 * wide as its widest sample or its header, whichever is wider: it is never cut.
 */
export function columnWidth({ content, title, sorter, samples, measure }: WidthInput): number | undefined {
  const header = measure(title, true) + (sorter ? SORTER_WIDTH : 0);
  if (content === 'text') return undefined;
  if (content === 'json') return Math.max(JSON_PREVIEW_WIDTH, header) + CELL_PADDING;
  const extra = content === 'tag' ? TAG_EXTRA : 0;
  const widest = samples.reduce((m, s) => Math.max(m, measure(s) + extra), 0);
  return Math.ceil(Math.max(header, widest) + CELL_PADDING);
}

/** A text column's floor: its header fits (so a title is never cut), at least MIN_TEXT_WIDTH. */
export function textMinWidth(title: string, sorter: boolean | undefined, measure: (text: string, bold?: boolean) => number): number {
  return Math.max(MIN_TEXT_WIDTH, Math.ceil(measure(title, true) + (sorter ? SORTER_WIDTH : 0) + CELL_PADDING));
}

// ---------------------------------------------------------------- column settings

export type Density = 'large' | 'middle' | 'small';

/** What a user chose for one table: column order, hidden columns, density. */
export interface TablePrefs {
  order: string[];
  hidden: string[];
  density?: Density;
}

const prefsKey = (userId: string, table: string) => `kit.table.${userId || 'anonymous'}.${table}`;

/** A user's settings of a table (per user, per table), or null when they never changed them. */
export function readTablePrefs(userId: string, table: string): TablePrefs | null {
  const raw = readLocal(prefsKey(userId, table));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      order: Array.isArray(v.order) ? v.order.filter((k): k is string => typeof k === 'string') : [],
      hidden: Array.isArray(v.hidden) ? v.hidden.filter((k): k is string => typeof k === 'string') : [],
      density: v.density === 'large' || v.density === 'small' || v.density === 'middle' ? v.density : undefined,
    };
  } catch {
    return null;
  }
}

export function writeTablePrefs(userId: string, table: string, prefs: TablePrefs | null): void {
  writeLocal(prefsKey(userId, table), prefs ? JSON.stringify(prefs) : null);
}

/**
 * The columns in the user's order with their shown state. Columns the settings do not know (added
 * since) keep their place after the known ones before them; columns no longer there are dropped.
 */
export function arrangeColumns<C extends { key: string; hiddenByDefault?: boolean }>(
  columns: readonly C[],
  prefs: TablePrefs | null,
): { column: C; shown: boolean }[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const ordered: C[] = [];
  if (prefs?.order.length) {
    for (const k of prefs.order) {
      const c = byKey.get(k);
      if (c && !ordered.includes(c)) ordered.push(c);
    }
    columns.forEach((c, i) => {
      if (ordered.includes(c)) return;
      // After the column that precedes it in the description.
      const before = columns
        .slice(0, i)
        .reverse()
        .find((p) => ordered.includes(p));
      ordered.splice(before ? ordered.indexOf(before) + 1 : 0, 0, c);
    });
  } else ordered.push(...columns);
  const hidden = new Set(prefs ? prefs.hidden : columns.filter((c) => c.hiddenByDefault).map((c) => c.key));
  return ordered.map((column) => ({ column, shown: !hidden.has(column.key) }));
}

/** Moves a column one place up (-1) or down (+1) in an order. */
export function moveColumn(order: readonly string[], key: string, by: -1 | 1): string[] {
  const out = [...order];
  const i = out.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

// ---------------------------------------------------------------- JSON values

/** A JSON value (object, array, or text holding one) as one short line, and whether it was cut. */
export function jsonPreview(value: unknown, max = 48): { text: string; cut: boolean; pretty: string } | null {
  if (value === null || value === undefined || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
  }
  const line = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  const pretty = typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2);
  const cut = line.length > max;
  return { text: cut ? `${line.slice(0, max - 1)}…` : line, cut, pretty };
}

// ---------------------------------------------------------------- fitting the page

/** A column to place: a fixed width, or text with a floor and the width its content wants. */
export type Slot = { fixed: number } | { min: number; want: number };

/**
 * Widths of the columns in `available` px. Fixed columns keep theirs. Text columns get what their
 * content wants when it all fits, the rest of the room then going to them in proportion; when it
 * does not fit, each gets its floor plus a share of what is left, in proportion to what it lacks
 * (so long texts are cut with an ellipsis, never the dates). `scrollX` is set only when even the
 * floors do not fit: then the table scrolls sideways instead of cutting headers.
 */
export function allocateWidths(available: number, slots: readonly Slot[]): { widths: number[]; scrollX: number | null } {
  const fixed = slots.reduce((s, c) => s + ('fixed' in c ? c.fixed : 0), 0);
  const texts = slots.filter((c): c is { min: number; want: number } => !('fixed' in c));
  const floors = texts.reduce((s, c) => s + c.min, 0);
  const wants = texts.reduce((s, c) => s + Math.max(c.min, c.want), 0);
  const room = available - fixed;
  if (!texts.length || room < floors) {
    const widths = slots.map((c) => ('fixed' in c ? c.fixed : c.min));
    const total = widths.reduce((s, w) => s + w, 0);
    return { widths, scrollX: total > available ? total : null };
  }
  if (room >= wants) {
    const spare = room - wants;
    return {
      widths: slots.map((c) => ('fixed' in c ? c.fixed : Math.floor(Math.max(c.min, c.want) + (spare * Math.max(c.min, c.want)) / wants))),
      scrollX: null,
    };
  }
  const lack = wants - floors;
  const share = room - floors;
  return {
    widths: slots.map((c) => ('fixed' in c ? c.fixed : Math.floor(c.min + (share * (Math.max(c.min, c.want) - c.min)) / lack))),
    scrollX: null,
  };
}
