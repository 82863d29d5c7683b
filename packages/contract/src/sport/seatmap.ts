import { z } from 'zod';
import { fields } from '../fields.ts';

/**
 * A seat map's document (issue 13, spec 2.5 ticketing seatMaps): what the in-console designer
 * draws and saves as a version, and what a session's seats are made from. Coordinates are in map
 * units (the canvas at zoom 1); angles in degrees. Keys (`zone.key`, `seat.key`, `levelKey`) are
 * the designer's own short strings, stable across versions, so a session keeps its seats' state
 * when it moves to a later version of its map.
 *
 * - A zone groups seats and has a colour; a seat belongs to one zone.
 * - A seat's `kind`: `normal`; `wheelchair` and `obstructed` are sold with a mark; `unsold` is
 *   drawn but never sold (a pillar seat, a camera place); `shown` is drawn for orientation only
 *   (a stage edge, an aisle marker) and has no session seat.
 * - `levelKey` is the price area a seat is drawn in ("A", "B"…); a session's ticket levels say
 *   which of their levels each key sells at.
 */
export const SEAT_KINDS = ['normal', 'wheelchair', 'obstructed', 'unsold', 'shown'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
/** Seat maps may hold at most this many seats (the designer stays fluid at 10,000). */
export const SEATMAP_MAX_SEATS = 20_000;

const key = fields
  .str()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9_-]+$/);
const coord = z.number().finite().min(-100_000).max(100_000);
const color = fields.str().regex(/^#[0-9a-fA-F]{6}$/);
const label = fields.str().trim().max(16);

export const seatmapZone = z.object({ key, name: fields.str().trim().min(1).max(32), color });
export const seatmapSeat = z.object({
  key,
  zone: key,
  /** Row and number as printed on the ticket ("12", "A"…). */
  row: label,
  no: label,
  x: coord,
  y: coord,
  angle: z.number().finite().min(-360).max(360).optional(),
  kind: z.enum(SEAT_KINDS),
  levelKey: key.nullable().optional(),
});
/** Shapes drawn for orientation: the stage, an aisle, a label. */
export const seatmapShape = z.object({
  type: z.enum(['rect', 'text']),
  x: coord,
  y: coord,
  width: z.number().finite().min(0).max(100_000).optional(),
  height: z.number().finite().min(0).max(100_000).optional(),
  angle: z.number().finite().min(-360).max(360).optional(),
  text: fields.str().max(64).optional(),
  color: color.optional(),
});
export const seatmapDocument = z
  .object({
    width: z.number().finite().min(100).max(100_000),
    height: z.number().finite().min(100).max(100_000),
    /** The floor plan drawn under the seats (an uploaded image's url), placed in map units. */
    background: z
      .object({
        url: fields.str().max(500),
        x: coord,
        y: coord,
        width: z.number().positive().max(100_000),
        height: z.number().positive().max(100_000),
        opacity: z.number().min(0).max(1),
      })
      .nullable()
      .optional(),
    zones: z.array(seatmapZone).max(200),
    seats: z.array(seatmapSeat).max(SEATMAP_MAX_SEATS),
    shapes: z.array(seatmapShape).max(500).optional(),
  })
  .superRefine((doc, ctx) => {
    const zones = new Set<string>();
    doc.zones.forEach((z, i) => {
      if (zones.has(z.key)) ctx.addIssue({ code: 'custom', path: ['zones', i, 'key'], message: 'seatmap.duplicateZone' });
      zones.add(z.key);
    });
    const seats = new Set<string>();
    const places = new Set<string>();
    doc.seats.forEach((s, i) => {
      if (seats.has(s.key)) ctx.addIssue({ code: 'custom', path: ['seats', i, 'key'], message: 'seatmap.duplicateSeat' });
      seats.add(s.key);
      if (!zones.has(s.zone)) ctx.addIssue({ code: 'custom', path: ['seats', i, 'zone'], message: 'seatmap.unknownZone' });
      if (s.kind === 'shown') return;
      const place = `${s.zone}\u0000${s.row}\u0000${s.no}`;
      if (places.has(place)) ctx.addIssue({ code: 'custom', path: ['seats', i, 'no'], message: 'seatmap.duplicatePlace' });
      places.add(place);
    });
  });
export type SeatmapZone = z.infer<typeof seatmapZone>;
export type SeatmapSeat = z.infer<typeof seatmapSeat>;
export type SeatmapShape = z.infer<typeof seatmapShape>;
export type SeatmapDocument = z.infer<typeof seatmapDocument>;
