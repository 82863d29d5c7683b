import type { FavoriteMenu, FavoriteSave, HomeCards, HomepageLayout, HomepageSave } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { can } from '../../platform/access.ts';
import { invalid } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/scope.ts';
import { homeCardSources, type HomeCardSource, type HomeMoment } from './home.cards.ts';
import { deleteUserPref, readUserPref, screenMenus, writeUserPref } from './home.repository.ts';
import { orgTimeZone } from './org.repository.ts';
import './home.messages.ts';
import { dayIn } from '../../platform/zone.ts';

const HOMEPAGE = 'homepage';
const FAVORITE = 'favorite';
const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** The platform's own figures: first for the platform's administrators, last for anyone else who may open the user list. */
export const PLATFORM_CARD = 'system.overview';

/** The cards the caller may open (the permission of each card's screen), in the default order. */
function cardsFor(caller: Caller): HomeCardSource[] {
  const mine = homeCardSources().filter((c) => can(caller, c.permission));
  if (!caller.platform) return mine;
  return [...mine.filter((c) => c.code === PLATFORM_CARD), ...mine.filter((c) => c.code !== PLATFORM_CARD)];
}

function storedLayout(value: unknown): { order: string[]; hidden: string[] } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { order, hidden } = value as { order?: unknown; hidden?: unknown };
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { order: strings(order), hidden: strings(hidden) };
}

/**
 * The caller's layout over the cards they may open: their saved order (cards added since then go
 * last, shown), their hidden cards; cards they may no longer open are left out, never forgotten.
 */
export async function homepageLayout(db: Db, caller: Caller): Promise<HomepageLayout> {
  const codes = cardsFor(caller).map((c) => c.code);
  const saved = storedLayout(await readUserPref(db, caller.userId, HOMEPAGE));
  if (!saved) return { order: codes, hidden: [], saved: false };
  const known = new Set(codes);
  const order = [...new Set(saved.order.filter((c) => known.has(c)))];
  for (const c of codes) if (!order.includes(c)) order.push(c);
  return { order, hidden: codes.filter((c) => saved.hidden.includes(c)), saved: true };
}

/** Saves the caller's order and hidden cards; a card they may not open is refused (100400 naming it). */
export async function saveHomepage(db: Db, caller: Caller, input: HomepageSave): Promise<HomepageLayout> {
  const known = new Set(cardsFor(caller).map((c) => c.code));
  for (const [field, list] of [
    ['order', input.order],
    ['hidden', input.hidden],
  ] as const) {
    const bad = list.find((c) => !known.has(c));
    if (bad !== undefined) throw invalid(field, 'home.cardUnknown', { code: bad });
  }
  await writeUserPref(db, caller.userId, HOMEPAGE, { order: [...new Set(input.order)], hidden: [...new Set(input.hidden)] });
  return homepageLayout(db, caller);
}

/** Back to the default layout. */
export async function clearHomepage(db: Db, caller: Caller): Promise<HomepageLayout> {
  await deleteUserPref(db, caller.userId, HOMEPAGE);
  return homepageLayout(db, caller);
}

function businessDay(at: Date, timeZone: string): string {
  return dayIn(at, timeZone);
}

/** The caller's cards with their figures, for the business day of the caller's organisation (its time zone). */
export async function homeCards(db: Db, caller: Caller, now = new Date()): Promise<HomeCards> {
  const scope = scopeOf(caller);
  const timeZone = (await orgTimeZone(db, scope, caller.orgId)) ?? DEFAULT_TIME_ZONE;
  const at: HomeMoment = { now, orgId: caller.orgId, timeZone, day: businessDay(now, timeZone) };
  const layout = await homepageLayout(db, caller);
  const byCode = new Map(cardsFor(caller).map((c) => [c.code, c]));
  const cards = await Promise.all(
    layout.order.map(async (code) => {
      const source = byCode.get(code)!;
      const hidden = layout.hidden.includes(code);
      const data = hidden ? { figures: [] } : await source.load(db, scope, at);
      return { code, screen: source.screen, query: data.query ?? {}, hidden, figures: data.figures, lines: data.lines ?? [] };
    }),
  );
  return { day: at.day, timeZone, cards };
}

function visible(caller: Caller, id: number): boolean {
  return caller.admin || caller.menuIds.has(id);
}

/** The caller's favourite screens they may still open, in their order (one they lost is left out). */
export async function favoriteMenus(db: Db, caller: Caller): Promise<FavoriteMenu[]> {
  const value = await readUserPref(db, caller.userId, FAVORITE);
  const ids = Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : [];
  const rows = new Map((await screenMenus(db, ids)).map((m) => [m.id, m]));
  return ids.flatMap((id) => {
    const m = rows.get(id);
    return m && visible(caller, id) ? [{ ...m, nameEn: m.nameEn || null }] : [];
  });
}

/** Replaces the caller's favourites; each must be a screen the caller may open (else 100400 `menuIds`). */
export async function saveFavorites(db: Db, caller: Caller, input: FavoriteSave): Promise<FavoriteMenu[]> {
  const ids = [...new Set(input.menuIds)];
  const found = new Set((await screenMenus(db, ids)).map((m) => m.id));
  if (ids.some((id) => !found.has(id) || !visible(caller, id))) throw invalid('menuIds', 'home.menuUnavailable');
  await writeUserPref(db, caller.userId, FAVORITE, ids);
  return favoriteMenus(db, caller);
}
