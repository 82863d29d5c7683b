import type { MenuDirectoryDef, ScreenDef, ScreenTitle } from './screens.ts';

/**
 * What one module brings to the console (issue 24, point 5), in the module's own contract file
 * (`sport/<module>.screens.ts`, `system/<module>.screens.ts`), collected by the one list in
 * `modules.ts`: its permission codes (merged into `Perm`), its menu directories and screens (into
 * `MENU_DIRECTORIES` and `SCREENS`, in list order), the titles of button actions no other module
 * uses yet (into `BUTTON_TITLES`), and the operation-log label of each `module` its routes name.
 * The server's manifest of the same module lists the same permission groups.
 */
export interface ContractModule {
  /** The server module's name ('system', 'sport/card'). */
  readonly name: string;
  /** Permission groups by resource: `{ card: { list: 'sport:card:list', … } }` (a bare code for a single one). */
  readonly permissions: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly directories?: readonly MenuDirectoryDef[];
  /** In menu order within each directory. */
  readonly screens: readonly ScreenDef[];
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
