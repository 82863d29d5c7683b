import type { z } from 'zod';
import type { homeFigure, homeLine } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';

/** The moment a home screen is read for: now, and the business day in the caller's organisation's time zone. */
export interface HomeMoment {
  readonly now: Date;
  readonly orgId: number;
  readonly timeZone: string;
  /** Today in `timeZone` (`YYYY-MM-DD`). */
  readonly day: string;
}

/** What a card shows: figures (label keys the console translates), a short list, and the filter the card opens its screen with. */
export interface HomeCardData {
  figures: z.input<typeof homeFigure>[];
  lines?: z.input<typeof homeLine>[];
  query?: Record<string, string>;
}

/**
 * A home card a module contributes (`contributes.homeCards` in its manifest): the system module
 * imports no business module, so each brings its own card. A caller sees a card only with the
 * permission of the screen it opens.
 */
export interface HomeCardSource {
  readonly code: string;
  /** The screen the card opens (a key of SCREENS) and the permission that screen needs. */
  readonly screen: string;
  readonly permission: string;
  /** Place in the default order (smaller first). */
  readonly rank: number;
  readonly load: (db: Executor, scope: Scope, at: HomeMoment) => Promise<HomeCardData>;
}

declare module '../../platform/module.ts' {
  interface ModuleContributions {
    /** Cards of the operator home (GET home/cards, homepage/*). */
    homeCards: HomeCardSource;
  }
}

let sources: readonly HomeCardSource[] = [];

/** Takes every module's cards (the system manifest's plug step), in default order. */
export function setHomeCards(cards: readonly HomeCardSource[]): void {
  sources = [...cards].sort((a, b) => a.rank - b.rank);
}

export function homeCardSources(): readonly HomeCardSource[] {
  return sources;
}
