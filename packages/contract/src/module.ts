import type { MenuDirectoryDef, ScreenDef, ScreenTitle } from './screens.ts';

/**
 * What one module brings to the console's start-up (issue 24, point 5), in the module's own
 * contract file (`sport/<module>.screens.ts`, `system/<module>.screens.ts`), collected by the one
 * list in `modules.ts`: its permission codes (merged into `Perm`), its menu directories and screens
 * (into `MENU_DIRECTORIES` and `SCREENS`, in list order). The server's manifest of the same module
 * lists the same permission groups.
 */
export interface ContractModule {
  /** The server module's name ('system', 'sport/card'). */
  readonly name: string;
  /** Permission groups by resource: `{ card: { list: 'sport:card:list', … } }` (a bare code for a single one). */
  readonly permissions: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly directories?: readonly MenuDirectoryDef[];
  /** In menu order within each directory. */
  readonly screens: readonly ScreenDef[];
}

/**
 * A module's words and menu buttons, which only some screens and the server read, in its own file
 * beside its screens (`sport/<module>.words.ts`), collected by the list in `words.ts`. They stay out
 * of `ContractModule` so that the login screen does not load them (issue 25: its JavaScript weight).
 */
export interface ContractWords {
  /** The module's name, as in its `ContractModule`. */
  readonly name: string;
  /** The type-2 buttons the menu seed puts under each of its screens, by screen key: action -> permission code. */
  readonly screenButtons?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Menu titles of its screens' button actions that are its own or differ from the common ones (`buttonTitle`). */
  readonly buttons?: Readonly<Record<string, ScreenTitle>>;
  /** Operation-log labels, by the `module` its routes give (`defineRoute({ module: 'card' })`). */
  readonly logLabels?: Readonly<Record<string, ScreenTitle>>;
  /**
   * Operation-log names of the actions its routes give (`defineRoute({ action: 'cancel' })`), for
   * every `module` in its `logLabels`: what the operation log shows instead of the method's
   * "提交" (submit). A business module names every action it logs (a test holds this).
   */
  readonly logActions?: Readonly<Record<string, ScreenTitle>>;
}

/** A permission group without some of its actions (the buttons of a screen are its group but the one that opens it). */
export const without = <T extends Record<string, string>, K extends keyof T>(group: T, ...keys: K[]): Omit<T, K> =>
  Object.fromEntries(Object.entries(group).filter(([k]) => !keys.includes(k as K))) as Omit<T, K>;
