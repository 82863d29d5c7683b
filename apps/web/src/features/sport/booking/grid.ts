import type { GridAnswer, GridSlot } from '@venue/contract';

/**
 * The booking grid's model (pure, unit-tested): which columns and rows a grid has, which slot
 * sits in each cell, the selection, and the order lines a selection makes.
 */

/** A cell's identity: its day, site and start ('2026-05-01|12|09:00'). */
export const cellKey = (s: Pick<GridSlot, 'siteId' | 'start'> & { date?: string | null }, date: string): string => `${s.date ?? date}|${s.siteId}|${s.start}`;

export interface GridColumn {
  key: string;
  /** Site id (day view) or the day (week view). */
  siteId: number;
  date: string;
  title: string;
}

export interface GridModel {
  columns: GridColumn[];
  /** Starts (HH:mm) of the rows, in order, with the end of the row's first slot. */
  rows: { start: string; end: string }[];
  /** The slot in row r, column c (undefined: the site is not open then). */
  at: (r: number, c: number) => GridSlot | undefined;
}

const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function rowsOf(slots: GridSlot[]): { start: string; end: string }[] {
  const ends = new Map<string, string>();
  for (const s of slots) if (!ends.has(s.start) || byTime(s.end, ends.get(s.start)!) < 0) ends.set(s.start, s.end);
  return [...ends.keys()].sort(byTime).map((start) => ({ start, end: ends.get(start)! }));
}

function modelOf(columns: GridColumn[], slots: GridSlot[], date: string): GridModel {
  const rows = rowsOf(slots);
  const index = new Map<string, GridSlot>();
  for (const s of slots) index.set(cellKey(s, date), s);
  return { columns, rows, at: (r, c) => (rows[r] && columns[c] ? index.get(`${columns[c].date}|${columns[c].siteId}|${rows[r].start}`) : undefined) };
}

/** Day view: the sites across, the times down. */
export function dayModel(answer: GridAnswer | undefined, date: string): GridModel {
  if (!answer) return { columns: [], rows: [], at: () => undefined };
  const slots = answer.slots.filter((s) => (s.date ?? date) === date);
  const columns = answer.sites.map((s) => ({ key: String(s.id), siteId: s.id, date, title: s.name }));
  return modelOf(columns, slots, date);
}

/** Week view: one site's days across (from `from`, seven), the times down. */
export function weekModel(answer: GridAnswer | undefined, from: string, siteId: number | undefined, dayTitle: (day: string) => string): GridModel {
  if (!answer || siteId === undefined) return { columns: [], rows: [], at: () => undefined };
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const slots = answer.slots.filter((s) => s.siteId === siteId);
  const columns = days.map((d) => ({ key: d, siteId, date: d, title: dayTitle(d) }));
  return modelOf(columns, slots, from);
}

/** `yyyy-MM-dd` plus n days (calendar arithmetic, no time zone). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d! + n));
  return t.toISOString().slice(0, 10);
}

/** A selected cell: the slot as the grid showed it, with its day. */
export interface Picked {
  key: string;
  date: string;
  siteId: number;
  siteName: string;
  start: string;
  end: string;
  price: number;
}

/**
 * The order lines of a selection: the cells of each site, consecutive ones joined into one line
 * (09:00-10:00 and 10:00-11:00 make 09:00-11:00), by site then time.
 */
export function linesOf(picked: Pick<Picked, 'siteId' | 'start' | 'end'>[]): { siteId: number; start: string; end: string }[] {
  const sorted = [...picked].sort((a, b) => a.siteId - b.siteId || byTime(a.start, b.start));
  const out: { siteId: number; start: string; end: string }[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && last.siteId === p.siteId && last.end === p.start) last.end = p.end;
    else out.push({ siteId: p.siteId, start: p.start, end: p.end });
  }
  return out;
}

/**
 * The selection after a refresh of the grid: cells no longer free (booked by someone else
 * meanwhile, locked) or no longer on screen drop out; the others take their current price.
 */
export function prune(selected: Map<string, Picked>, slots: GridSlot[], date: string): Map<string, Picked> {
  const now = new Map<string, GridSlot>();
  for (const s of slots) now.set(cellKey(s, date), s);
  const out = new Map<string, Picked>();
  for (const [k, p] of selected) {
    const s = now.get(k);
    if (s && s.state === 'free') out.set(k, s.price === p.price ? p : { ...p, price: s.price });
  }
  return out;
}

/** Whether two selections hold the same cells at the same prices. */
export function samePicks(a: Map<string, Picked>, b: Map<string, Picked>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, p] of a) if (b.get(k)?.price !== p.price) return false;
  return true;
}

/** The next focus cell for an arrow key, kept inside the grid. */
export function moveFocus(pos: { r: number; c: number }, key: string, rows: number, cols: number): { r: number; c: number } {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, v));
  switch (key) {
    case 'ArrowUp':
      return { r: clamp(pos.r - 1, rows), c: pos.c };
    case 'ArrowDown':
      return { r: clamp(pos.r + 1, rows), c: pos.c };
    case 'ArrowLeft':
      return { r: pos.r, c: clamp(pos.c - 1, cols) };
    case 'ArrowRight':
      return { r: pos.r, c: clamp(pos.c + 1, cols) };
    case 'Home':
      return { r: pos.r, c: 0 };
    case 'End':
      return { r: pos.r, c: Math.max(0, cols - 1) };
    default:
      return pos;
  }
}

/** Where a booking of the day's plan stands for the front desk. */
export type Arrival = 'arrived' | 'waiting' | 'noShow' | 'unpaid' | 'cancelled';

export function arrivalOf(b: { orderState: string; checkedInAt: unknown; slots: { state: string }[] }): Arrival {
  if (b.checkedInAt || (b.slots.length > 0 && b.slots.some((s) => s.state === 'used'))) return 'arrived';
  if (b.orderState === 'pending') return 'unpaid';
  if (b.orderState === 'cancelled' || b.orderState === 'refunded' || !b.slots.length || b.slots.every((s) => s.state === 'released')) return 'cancelled';
  if (b.slots.some((s) => s.state === 'no_show')) return 'noShow';
  return 'waiting';
}
