import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';

/**
 * What a page slot can show (`bindItems`): a kind and the lookup that finds one of its records in
 * the caller's scope (its name, or undefined when it does not exist there). The manifest's plug
 * registers course, goods, venue and content, each through its module's public API.
 */
export type PageBindableLookup = (db: Executor, scope: Scope, id: number) => Promise<{ name: string } | undefined>;

const bindables = new Map<string, PageBindableLookup>();

export function registerPageBindable(kind: string, lookup: PageBindableLookup): void {
  bindables.set(kind, lookup);
}

export const pageBindable = (kind: string): PageBindableLookup | undefined => bindables.get(kind);
