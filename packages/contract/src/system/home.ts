import { z } from 'zod';
import { fields } from '../fields.ts';

/** `GET home/summary`: counts of the caller's reach (their organisation and everything below it). */
export const homeSummary = z.object({ users: z.number(), orgs: z.number(), sessions: z.number() });
export type HomeSummary = z.output<typeof homeSummary>;

/** How a figure reads: a count, or money in fen. */
export const HOME_UNITS = ['count', 'fen'] as const;

/** One figure of a home card: `key` is a label key the console translates (`today`, `arrived`, `method.cash` ...). */
export const homeFigure = z.object({ key: z.string(), value: z.number(), unit: z.enum(HOME_UNITS) });

/** One line of a home card's list (a ticket session, a card about to expire): a name, a moment or day, a number. */
export const homeLine = z.object({ id: z.number(), label: z.string(), at: z.string().nullable(), value: z.number().nullable() });

/**
 * `GET home/cards`: the caller's home cards, in their order, those they may open only (each needs the
 * permission of the screen it opens). Hidden cards come without figures.
 */
export const homeCard = z.object({
  code: z.string(),
  /** The screen the card opens (a key of SCREENS) and the filter it opens it with (query string). */
  screen: z.string(),
  query: z.record(z.string(), z.string()),
  hidden: z.boolean(),
  figures: z.array(homeFigure),
  lines: z.array(homeLine),
});
export type HomeCard = z.output<typeof homeCard>;
export const homeCards = z.object({ day: z.string(), timeZone: z.string(), cards: z.array(homeCard) });
export type HomeCards = z.output<typeof homeCards>;

const cardCode = fields.str().trim().min(1).max(64);

/** `POST homepage/save`: the cards in the order the user wants them, and those they hid. */
export const homepageSave = z.object({
  order: z.array(cardCode).max(100),
  hidden: z.array(cardCode).max(100),
});
export type HomepageSave = z.output<typeof homepageSave>;
/** `POST homepage/query` (and the answer of save and clear): the layout over the cards the user may see; `saved` false is the default. */
export const homepageLayout = z.object({ order: z.array(z.string()), hidden: z.array(z.string()), saved: z.boolean() });
export type HomepageLayout = z.output<typeof homepageLayout>;

/** `POST favorite/save`: the user's favourite menus (screens), in order. */
export const favoriteSave = z.object({ menuIds: z.array(fields.id).max(50) });
export type FavoriteSave = z.output<typeof favoriteSave>;
/** One favourite: a screen menu the user may still open. */
export const favoriteMenu = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  url: z.string().nullable(),
  icon: z.string().nullable(),
});
export type FavoriteMenu = z.output<typeof favoriteMenu>;
export const favoriteList = z.array(favoriteMenu);
