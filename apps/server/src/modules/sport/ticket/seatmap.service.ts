import { type SeatmapCreate, type SeatmapDocument, type SeatmapListQuery, type SeatmapUpdate } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf } from '../../../platform/scope.ts';
import { storeByContent, uploadsDir, imageFormat, imageSize } from '../../system/index.ts';
import { checkVenue } from './ticket.common.ts';
import {
  deleteSeatmap,
  findSeatmap,
  findSeatmapVersion,
  insertSeatmap,
  insertSeatmapVersion,
  pageSeatmaps,
  seatmapDefaultOrder,
  seatmapInUse,
  seatmapSorts,
  updateSeatmap,
  versionsOf,
  type SeatmapRecord,
} from './ticket.repository.ts';
import './ticket.messages.ts';

/** Seat maps: a drawn document kept in versions (a session sells the version it was made from), and their floor-plan images. */

// ---------------------------------------------------------------- seat maps

/** Seats a document sells or blocks (the `shown` ones are drawn only). */
const seatCountOf = (doc: SeatmapDocument) => doc.seats.reduce((n, s) => n + (s.kind === 'shown' ? 0 : 1), 0);

const seatmapOut = (r: SeatmapRecord) => ({ id: r.id, name: r.name, venueId: r.venueId, version: r.version, seatCount: r.seatCount, updateTime: r.updatedAt });

export async function listSeatmaps(db: Db, caller: Caller, q: SeatmapListQuery) {
  const { total, rows } = await pageSeatmaps(
    db,
    scopeOf(caller),
    { name: q.name, venueId: q.venueId },
    orderOf(q, seatmapSorts, seatmapDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(seatmapOut) };
}

export async function getSeatmap(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const map = await findSeatmap(db, scope, id);
  if (!map) throw notFound();
  const latest = await findSeatmapVersion(db, scope, id, map.docVersion);
  if (!latest) throw notFound();
  return { ...seatmapOut(map), document: latest.document };
}

export async function addSeatmap(db: Db, caller: Caller, input: SeatmapCreate) {
  const scope = scopeOf(caller);
  const orgId = caller.orgId;
  const id = await db.transaction(async (tx) => {
    await checkVenue(tx, scope, input.venueId, orgId);
    const seatCount = seatCountOf(input.document);
    const map = await insertSeatmap(tx, scope, { orgId, name: input.name, venueId: input.venueId ?? null, version: 1, docVersion: 1, seatCount });
    await insertSeatmapVersion(tx, scope, { orgId, seatmapId: map.id, version: 1, document: input.document, seatCount, createdBy: caller.userId });
    return map.id;
  });
  return getSeatmap(db, caller, id);
}

/** Saves a map: a new document is stored as a new version (numbered by the map's new edit version). */
export async function editSeatmap(db: Db, caller: Caller, id: number, input: SeatmapUpdate) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const map = await findSeatmap(tx, scope, id);
    if (!map) throw notFound();
    await checkVenue(tx, scope, input.venueId, map.orgId);
    const next = input.version + 1;
    const seatCount = input.document ? seatCountOf(input.document) : map.seatCount;
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.venueId !== undefined ? { venueId: input.venueId } : {}),
      ...(input.document ? { docVersion: next, seatCount } : {}),
    };
    expectOneUpdated(await updateSeatmap(tx, scope, id, input.version, values));
    if (input.document)
      await insertSeatmapVersion(tx, scope, { orgId: map.orgId, seatmapId: id, version: next, document: input.document, seatCount, createdBy: caller.userId });
  });
  return getSeatmap(db, caller, id);
}

export async function seatmapVersionList(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findSeatmap(db, scope, id))) throw notFound();
  return versionsOf(db, scope, id);
}

export async function removeSeatmaps(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      if (!(await findSeatmap(tx, scope, id, { lock: true }))) throw notFound();
      if (await seatmapInUse(tx, scope, id)) throw conflict('state', 'seatmap.inUse', { n: 1 });
      deleted += await deleteSeatmap(tx, scope, id);
    }
    return { deleted };
  });
}

export const SEATMAP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const SEATMAP_IMAGE_MAX_SIDE = 8192;

/** A floor-plan image: jpg or png by content, at most 5 MB and 8192 px a side; stored by content under the public `/files/`. */
export function storeSeatmapImage(dataDir: string, data: Buffer, truncated: boolean): { url: string } {
  if (truncated || data.length > SEATMAP_IMAGE_MAX_BYTES) throw invalid('file', 'seatmap.image.tooLarge', { max: '5M' });
  if (data.length === 0) throw invalid('file', 'seatmap.image.noFile');
  const format = imageFormat(data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'seatmap.image.badFormat');
  const size = imageSize(data, format);
  if (!size) throw invalid('file', 'seatmap.image.badImage');
  if (size.width > SEATMAP_IMAGE_MAX_SIDE || size.height > SEATMAP_IMAGE_MAX_SIDE)
    throw invalid('file', 'seatmap.image.tooBig', { max: SEATMAP_IMAGE_MAX_SIDE });
  const name = storeByContent(uploadsDir(dataDir), data, format);
  return { url: `/files/${name}` };
}
