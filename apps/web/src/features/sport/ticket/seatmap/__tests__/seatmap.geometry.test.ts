import { describe, expect, it } from 'vitest';
import { seatmapDocument, type SeatmapSeat } from '@venue/contract';
import {
  DEFAULT_ROW,
  SeatIndex,
  generateRows,
  generatedDocument,
  keyMaker,
  nextRowLabel,
  placeClashes,
  rectOf,
  rotateSelection,
  rowNumbers,
  toSeats,
  transformSeats,
  zoomAt,
} from '../seatmap.geometry.ts';

const seat = (key: string, x: number, y: number, extra: Partial<SeatmapSeat> = {}): SeatmapSeat => ({
  key,
  zone: 'z1',
  row: '1',
  no: key,
  x,
  y,
  kind: 'normal',
  ...extra,
});

describe('row numbering', () => {
  it('counts row labels on: numbers, letters (Z then AA), text with a number', () => {
    expect(nextRowLabel('1', 2)).toBe('3');
    expect(nextRowLabel('A', 1)).toBe('B');
    expect(nextRowLabel('Z', 1)).toBe('AA');
    expect(nextRowLabel('c', -1)).toBe('b');
    expect(nextRowLabel('Row9', 1)).toBe('Row10');
  });
  it('numbers seats by start, step 1 or 2 (odd or even), left to right or right to left', () => {
    expect(rowNumbers(4, 1, 1, 'ltr')).toEqual(['1', '2', '3', '4']);
    expect(rowNumbers(3, 1, 2, 'ltr')).toEqual(['1', '3', '5']);
    expect(rowNumbers(3, 2, 2, 'rtl')).toEqual(['6', '4', '2']);
  });
});

describe('generating rows', () => {
  it('a straight row is centred on the anchor, evenly spaced, numbered left to right', () => {
    const seats = generateRows({ ...DEFAULT_ROW, count: 3, spacing: 20 }, 100, 50);
    expect(seats.map((s) => [s.x, s.y, s.no, s.row])).toEqual([
      [80, 50, '1', '1'],
      [100, 50, '2', '1'],
      [120, 50, '3', '1'],
    ]);
  });
  it('a block of rows goes down from the anchor with rising labels and growing counts', () => {
    const seats = generateRows({ ...DEFAULT_ROW, count: 2, rows: 3, rowGap: 30, rowLabel: 'A', countStep: 1 }, 0, 0);
    expect(seats.filter((s) => s.row === 'A')).toHaveLength(2);
    expect(seats.filter((s) => s.row === 'B')).toHaveLength(3);
    expect(seats.filter((s) => s.row === 'C').map((s) => s.y)).toEqual([60, 60, 60, 60]);
  });
  it('an arc keeps its seats on the circle, spaced by the spacing along it, turned toward the centre', () => {
    const spec = { ...DEFAULT_ROW, shape: 'arc' as const, count: 5, spacing: 30, radius: 300 };
    const seats = generateRows(spec, 0, 0);
    // The middle seat sits on the anchor; the centre is the radius above it.
    expect(seats[2]).toMatchObject({ x: 0, y: 0, angle: 0 });
    for (const s of seats) expect(Math.hypot(s.x, s.y + 300)).toBeCloseTo(300, 1);
    // Symmetric, ends bent up toward the stage, neighbours about `spacing` apart.
    expect(seats[0]!.x).toBeCloseTo(-seats[4]!.x, 1);
    expect(seats[0]!.y).toBeLessThan(0);
    expect(Math.hypot(seats[1]!.x - seats[0]!.x, seats[1]!.y - seats[0]!.y)).toBeCloseTo(30, 0);
    expect(seats[0]!.angle).toBeGreaterThan(0);
    expect(seats[4]!.angle).toBeLessThan(0);
  });
  it('a rotated block turns around its anchor', () => {
    const [a] = generateRows({ ...DEFAULT_ROW, count: 2, spacing: 20, angle: 90 }, 0, 0);
    expect(a!.x).toBeCloseTo(0, 5);
    expect(a!.y).toBeCloseTo(-10, 5);
    expect(a!.angle).toBe(90);
  });
  it("new seats get fresh keys after the map's, and clashing places are found", () => {
    const next = keyMaker('s', ['s9', 'sa', 'x1']);
    expect(next()).toBe('sb');
    const existing = [seat('s1', 0, 0, { row: '1', no: '1' })];
    const added = toSeats(
      generateRows({ ...DEFAULT_ROW, count: 2 }, 0, 0),
      'z1',
      existing.map((s) => s.key),
    );
    expect(added.map((s) => s.key)).toEqual(['s2', 's3']);
    expect(placeClashes(existing, added).map((s) => s.no)).toEqual(['1']);
    expect(placeClashes(existing, toSeats(generateRows({ ...DEFAULT_ROW, count: 2 }, 0, 0), 'z2', ['s1']))).toEqual([]);
  });
});

describe('hit-testing', () => {
  const seats = [seat('a', 0, 0), seat('b', 24, 0), seat('c', 200, 200), seat('d', -130, 70)];
  const index = new SeatIndex(seats);
  it('a point finds the nearest seat under it, or none', () => {
    expect(index.at(1, 1)).toBe(0);
    expect(index.at(20, 2)).toBe(1);
    expect(index.at(12, 40)).toBe(-1);
    expect(index.at(-128, 72)).toBe(3);
  });
  it('a marquee finds the seats whose centres it holds, drawn in any direction', () => {
    expect(index.within(rectOf(30, 10, -5, -5))).toEqual([0, 1]);
    expect(index.within(rectOf(-1000, -1000, 1000, 1000))).toEqual([0, 1, 2, 3]);
    expect(index.within(rectOf(300, 300, 400, 400))).toEqual([]);
  });
  it('agrees with a scan of every seat on a 10,000-seat map', () => {
    const doc = generatedDocument(10_000);
    const big = new SeatIndex(doc.seats);
    const r = rectOf(300, 200, 900, 700);
    const scan = doc.seats.flatMap((s, i) => (s.x >= r.x && s.x <= r.x + r.width && s.y >= r.y && s.y <= r.y + r.height ? [i] : []));
    expect(big.within(r)).toEqual(scan);
    const s = doc.seats[4321]!;
    expect(big.at(s.x + 3, s.y - 2)).toBe(4321);
  });
});

describe('moving and rotating a selection', () => {
  const seats = [seat('a', 0, 0), seat('b', 20, 0), seat('c', 100, 100)];
  it('moves only the selected seats and keeps the others as they were', () => {
    const moved = transformSeats(seats, new Set(['a']), { dx: 5, dy: -5 });
    expect(moved[0]).toMatchObject({ x: 5, y: -5 });
    expect(moved[1]).toBe(seats[1]);
  });
  it("rotates around the selection's centre and turns each seat", () => {
    const turned = rotateSelection(seats, new Set(['a', 'b']), 90);
    expect(turned[0]!.x).toBeCloseTo(10);
    expect(turned[0]!.y).toBeCloseTo(-10);
    expect(turned[1]!.y).toBeCloseTo(10);
    expect(turned[0]!.angle).toBe(90);
    expect(turned[2]).toBe(seats[2]);
  });
  it('zooming keeps the point under the pointer', () => {
    const v = zoomAt({ scale: 1, x: 10, y: 20 }, 110, 220, 2);
    expect((110 - v.x) / v.scale).toBeCloseTo(100);
    expect((220 - v.y) / v.scale).toBeCloseTo(200);
  });
  it('the generated 10,000-seat map is a valid document', () => {
    const doc = generatedDocument(10_000);
    expect(doc.seats).toHaveLength(10_000);
    expect(seatmapDocument.safeParse(doc).success).toBe(true);
  });
});
