import type { SeatKind, SeatmapDocument, SeatmapSeat } from '@venue/contract';

/**
 * The seat-map designer's pure parts (issue 13, "Seat maps"): rows and arcs of seats with their
 * numbering, keys, the spatial index that hit-tests 10,000 seats without a canvas node each, and
 * moving or rotating a selection. No React, no Konva: unit-tested in __tests__/.
 */

/** A seat's radius in map units (seats are drawn as circles of this radius). */
export const SEAT_RADIUS = 9;

export type RowShape = 'straight' | 'arc';
export type NumberDirection = 'ltr' | 'rtl';

export interface RowSpec {
  shape: RowShape;
  /** Seats in the first row. */
  count: number;
  /** Distance between neighbouring seats' centres, map units. */
  spacing: number;
  /** Arcs: radius of the first row (its centre is `radius` above the anchor: the row bends toward the stage above). */
  radius: number;
  /** Rows in the block (1 = a single row). */
  rows: number;
  /** Distance between rows. */
  rowGap: number;
  /** Seats added to each next row (arcs widen as they go back). */
  countStep: number;
  /** Label of the first row ("1", "A"); the next rows count on from it. */
  rowLabel: string;
  /** Next rows' labels go up (1, 2, 3 / A, B, C) or down. */
  rowLabelStep: 1 | -1;
  startNo: number;
  /** 1: 1, 2, 3…; 2: odd or even numbers (1, 3, 5… / 2, 4, 6…). */
  noStep: 1 | 2;
  /** Numbers run left to right or right to left (as the audience faces the stage). */
  direction: NumberDirection;
  /** Rotation of the block around its anchor, degrees. */
  angle: number;
}

export const DEFAULT_ROW: RowSpec = {
  shape: 'straight',
  count: 10,
  spacing: 24,
  radius: 400,
  rows: 1,
  rowGap: 28,
  countStep: 0,
  rowLabel: '1',
  rowLabelStep: 1,
  startNo: 1,
  noStep: 1,
  direction: 'ltr',
  angle: 0,
};

/** A seat as generated, before its key and zone are given. */
export interface PlacedSeat {
  row: string;
  no: string;
  x: number;
  y: number;
  angle: number;
}

/** The label `steps` rows after `label`: numbers count, a letter goes through the alphabet (Z then AA), other text gets a number. */
export function nextRowLabel(label: string, steps: number): string {
  if (steps === 0) return label;
  if (/^\d+$/.test(label)) return String(Math.max(0, Number(label) + steps));
  if (/^[A-Z]+$/.test(label) || /^[a-z]+$/.test(label)) {
    const lower = label === label.toLowerCase();
    let n = 0;
    for (const ch of label.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
    n = Math.max(1, n + steps);
    let out = '';
    while (n > 0) {
      const r = (n - 1) % 26;
      out = String.fromCharCode(65 + r) + out;
      n = Math.floor((n - 1) / 26);
    }
    return lower ? out.toLowerCase() : out;
  }
  const m = /^(.*?)(\d+)$/.exec(label);
  if (m) return `${m[1]}${Math.max(0, Number(m[2]) + steps)}`;
  return `${label}${steps + 1}`;
}

/** Seat numbers of one row of `count` seats, left to right on the map. */
export function rowNumbers(count: number, startNo: number, step: 1 | 2, direction: NumberDirection): string[] {
  const nos = Array.from({ length: count }, (_, i) => String(startNo + i * step));
  return direction === 'ltr' ? nos : nos.reverse();
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The seats of a row block anchored at (x, y): the first row's middle sits on the anchor, next rows
 * go down (away from the stage). Straight rows are centred on the anchor; arcs bend their ends up
 * toward a centre `radius` above the anchor, each seat turned to face it.
 */
export function generateRows(spec: RowSpec, x: number, y: number): PlacedSeat[] {
  const out: PlacedSeat[] = [];
  const cos = Math.cos(rad(spec.angle));
  const sin = Math.sin(rad(spec.angle));
  for (let r = 0; r < Math.max(1, Math.floor(spec.rows)); r++) {
    const count = Math.max(1, Math.floor(spec.count + r * spec.countStep));
    const row = nextRowLabel(spec.rowLabel, r * spec.rowLabelStep);
    const nos = rowNumbers(count, spec.startNo, spec.noStep, spec.direction);
    for (let i = 0; i < count; i++) {
      let lx: number;
      let ly: number;
      let a = 0;
      if (spec.shape === 'arc' && spec.radius > 0) {
        const radius = spec.radius + r * spec.rowGap;
        const theta = (i - (count - 1) / 2) * (spec.spacing / radius);
        lx = radius * Math.sin(theta);
        ly = radius * Math.cos(theta) - spec.radius;
        a = (-theta * 180) / Math.PI;
      } else {
        lx = (i - (count - 1) / 2) * spec.spacing;
        ly = r * spec.rowGap;
      }
      out.push({
        row,
        no: nos[i]!,
        x: round2(x + lx * cos - ly * sin),
        y: round2(y + lx * sin + ly * cos),
        angle: round2(normaliseAngle(a + spec.angle)),
      });
    }
  }
  return out;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** An angle in (-180, 180]. */
export function normaliseAngle(a: number): number {
  let v = a % 360;
  if (v > 180) v -= 360;
  if (v <= -180) v += 360;
  return v === 0 ? 0 : v;
}

/** The next free key with a prefix ('s' for seats, 'z' for zones): prefix + base-36 counter. */
export function keyMaker(prefix: string, existing: Iterable<string>): () => string {
  let n = 0;
  const re = new RegExp(`^${prefix}([0-9a-z]+)$`);
  for (const k of existing) {
    const m = re.exec(k);
    if (m) n = Math.max(n, parseInt(m[1]!, 36));
  }
  return () => `${prefix}${(++n).toString(36)}`;
}

/** Places a generated block into a zone, with fresh keys. */
export function toSeats(placed: PlacedSeat[], zone: string, existingKeys: Iterable<string>, kind: SeatKind = 'normal'): SeatmapSeat[] {
  const next = keyMaker('s', existingKeys);
  return placed.map((p) => ({ key: next(), zone, row: p.row, no: p.no, x: p.x, y: p.y, ...(p.angle ? { angle: p.angle } : {}), kind }));
}

/** Places (zone, row, no) that the new seats would take twice, with each other or with the map's (shown-only seats excepted). */
export function placeClashes(existing: readonly SeatmapSeat[], added: readonly SeatmapSeat[]): SeatmapSeat[] {
  const taken = new Set<string>();
  const place = (s: SeatmapSeat) => `${s.zone}\u0000${s.row}\u0000${s.no}`;
  for (const s of existing) if (s.kind !== 'shown') taken.add(place(s));
  const clashes: SeatmapSeat[] = [];
  for (const s of added) {
    if (s.kind === 'shown') continue;
    const p = place(s);
    if (taken.has(p)) clashes.push(s);
    taken.add(p);
  }
  return clashes;
}

// ---------------------------------------------------------------- hit-testing

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rectangle from two corners, in any order. */
export function rectOf(ax: number, ay: number, bx: number, by: number): Rect {
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

/**
 * A uniform grid over the seats: point and rectangle queries look at a few cells instead of every
 * seat, so clicking and marquee selection stay instant at 10,000 seats. Built once per document
 * change (a few milliseconds for 10,000 seats).
 */
export class SeatIndex {
  private readonly cells = new Map<string, number[]>();
  constructor(
    readonly seats: readonly SeatmapSeat[],
    readonly cell = 64,
  ) {
    seats.forEach((s, i) => {
      const k = this.keyOf(Math.floor(s.x / cell), Math.floor(s.y / cell));
      const list = this.cells.get(k);
      if (list) list.push(i);
      else this.cells.set(k, [i]);
    });
  }

  private keyOf(cx: number, cy: number): string {
    return `${cx},${cy}`;
  }

  private *cellsIn(x0: number, y0: number, x1: number, y1: number): Generator<number[]> {
    const c = this.cell;
    const cx0 = Math.floor(x0 / c);
    const cy0 = Math.floor(y0 / c);
    const cx1 = Math.floor(x1 / c);
    const cy1 = Math.floor(y1 / c);
    // A huge rectangle: walking the filled cells is cheaper than walking the empty ones.
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > this.cells.size) {
      for (const [k, list] of this.cells) {
        const [kx, ky] = k.split(',').map(Number) as [number, number];
        if (kx >= cx0 && kx <= cx1 && ky >= cy0 && ky <= cy1) yield list;
      }
      return;
    }
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const list = this.cells.get(this.keyOf(cx, cy));
        if (list) yield list;
      }
    }
  }

  /** The seat under a point (the nearest whose circle, grown by `slack`, holds it), or -1. */
  at(x: number, y: number, slack = 0): number {
    const r = SEAT_RADIUS + slack;
    let best = -1;
    let bestD = r * r;
    for (const list of this.cellsIn(x - r, y - r, x + r, y + r)) {
      for (const i of list) {
        const s = this.seats[i]!;
        const d = (s.x - x) ** 2 + (s.y - y) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = i;
        }
      }
    }
    return best;
  }

  /** Indexes of the seats whose centre lies in the rectangle. */
  within(rect: Rect): number[] {
    const out: number[] = [];
    const x1 = rect.x + rect.width;
    const y1 = rect.y + rect.height;
    for (const list of this.cellsIn(rect.x, rect.y, x1, y1)) {
      for (const i of list) {
        const s = this.seats[i]!;
        if (s.x >= rect.x && s.x <= x1 && s.y >= rect.y && s.y <= y1) out.push(i);
      }
    }
    return out.sort((a, b) => a - b);
  }
}

// ---------------------------------------------------------------- transforms

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Bounds of seat centres, or null for none. */
export function boundsOf(seats: Iterable<{ x: number; y: number }>): Bounds | null {
  let b: Bounds | null = null;
  for (const s of seats) {
    if (!b) b = { minX: s.x, minY: s.y, maxX: s.x, maxY: s.y };
    else {
      if (s.x < b.minX) b.minX = s.x;
      if (s.y < b.minY) b.minY = s.y;
      if (s.x > b.maxX) b.maxX = s.x;
      if (s.y > b.maxY) b.maxY = s.y;
    }
  }
  return b;
}

/** Moves and rotates the seats whose keys are selected; others are returned as they are (same objects). */
export function transformSeats(
  seats: readonly SeatmapSeat[],
  selected: ReadonlySet<string>,
  t: { dx?: number; dy?: number; rotate?: number; cx?: number; cy?: number },
): SeatmapSeat[] {
  const rot = t.rotate ?? 0;
  const cos = Math.cos(rad(rot));
  const sin = Math.sin(rad(rot));
  const cx = t.cx ?? 0;
  const cy = t.cy ?? 0;
  return seats.map((s) => {
    if (!selected.has(s.key)) return s;
    let x = s.x;
    let y = s.y;
    if (rot) {
      const lx = x - cx;
      const ly = y - cy;
      x = cx + lx * cos - ly * sin;
      y = cy + lx * sin + ly * cos;
    }
    x += t.dx ?? 0;
    y += t.dy ?? 0;
    const angle = normaliseAngle((s.angle ?? 0) + rot);
    const next: SeatmapSeat = { ...s, x: round2(x), y: round2(y) };
    if (angle) next.angle = round2(angle);
    else delete next.angle;
    return next;
  });
}

/** Rotates the selected seats around the centre of their bounds. */
export function rotateSelection(seats: readonly SeatmapSeat[], selected: ReadonlySet<string>, degrees: number): SeatmapSeat[] {
  const b = boundsOf(seats.filter((s) => selected.has(s.key)));
  if (!b) return seats.slice();
  return transformSeats(seats, selected, { rotate: degrees, cx: (b.minX + b.maxX) / 2, cy: (b.minY + b.maxY) / 2 });
}

/** The view (scale and offset) that fits a rectangle of the map into a viewport with a margin. */
export function fitView(content: Bounds, viewport: { width: number; height: number }, margin = 40): { scale: number; x: number; y: number } {
  const w = Math.max(1, content.maxX - content.minX);
  const h = Math.max(1, content.maxY - content.minY);
  const scale = clamp(Math.min((viewport.width - margin * 2) / w, (viewport.height - margin * 2) / h), MIN_SCALE, MAX_SCALE);
  return { scale, x: viewport.width / 2 - ((content.minX + content.maxX) / 2) * scale, y: viewport.height / 2 - ((content.minY + content.maxY) / 2) * scale };
}

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 8;
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Zooms by `factor` keeping the map point under (px, py) where it is. */
export function zoomAt(view: { scale: number; x: number; y: number }, px: number, py: number, factor: number): { scale: number; x: number; y: number } {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const mx = (px - view.x) / view.scale;
  const my = (py - view.y) / view.scale;
  return { scale, x: px - mx * scale, y: py - my * scale };
}

/** A blank map. */
export function emptyDocument(): SeatmapDocument {
  return { width: 2000, height: 1200, background: null, zones: [], seats: [], shapes: [] };
}

/** A generated map of `n` seats in blocks of rows (the bench's and the tests' big map). */
export function generatedDocument(n: number): SeatmapDocument {
  const zones = [
    { key: 'z1', name: 'A', color: '#1677ff' },
    { key: 'z2', name: 'B', color: '#52c41a' },
    { key: 'z3', name: 'C', color: '#fa8c16' },
    { key: 'z4', name: 'D', color: '#eb2f96' },
  ];
  const perRow = 50;
  const rowsPerZone = Math.ceil(n / perRow / zones.length);
  const seats: SeatmapSeat[] = [];
  const next = keyMaker('s', []);
  for (let i = 0; i < n; i++) {
    const rowIndex = Math.floor(i / perRow);
    const z = Math.min(zones.length - 1, Math.floor(rowIndex / rowsPerZone));
    const rowInZone = rowIndex - z * rowsPerZone;
    const col = i % perRow;
    const zx = (z % 2) * (perRow * 24 + 120);
    const zy = Math.floor(z / 2) * (rowsPerZone * 28 + 120);
    seats.push({
      key: next(),
      zone: zones[z]!.key,
      row: String(rowInZone + 1),
      no: String(col + 1),
      x: 100 + zx + col * 24,
      y: 100 + zy + rowInZone * 28,
      kind: 'normal',
      levelKey: rowInZone < rowsPerZone / 2 ? 'A' : 'B',
    });
  }
  const b = boundsOf(seats) ?? { maxX: 1000, maxY: 800 };
  return { width: Math.ceil(b.maxX + 100), height: Math.ceil(b.maxY + 100), background: null, zones, seats, shapes: [] };
}
