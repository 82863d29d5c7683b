import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';

/**
 * What a page slot can show (`bindItems`): a kind and the lookup that finds one of its records in
 * the caller's scope (its name, or undefined when it does not exist there). Modules register their
 * kinds from a manifest's plug: this module registers course, goods and venue; the content module
 * can register its own kinds the same way.
 */
export type PageBindableLookup = (db: Executor, scope: Scope, id: number) => Promise<{ name: string } | undefined>;

const bindables = new Map<string, PageBindableLookup>();

export function registerPageBindable(kind: string, lookup: PageBindableLookup): void {
  bindables.set(kind, lookup);
}

export const pageBindable = (kind: string): PageBindableLookup | undefined => bindables.get(kind);
