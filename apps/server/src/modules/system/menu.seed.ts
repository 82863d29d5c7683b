import { MENU_DIRECTORIES, SCREENS, SCREEN_BUTTONS, buttonTitle, type ScreenDef } from '@venue/contract';

/**
 * The base-platform menu tree, built from the one screen registry (packages/contract/src/screens.ts):
 * its directories, then each screen with a `parent` as a type-1 entry (url = the console route,
 * perms = the permission that opens it) with its buttons (`SCREEN_BUTTONS`) as type-2 entries. Keys are stable:
 * start-up inserts missing entries and leaves the ones an administrator has edited alone.
 */
export interface MenuSeed {
  key: string;
  name: string;
  nameEn: string;
  type: 0 | 1 | 2;
  url?: string;
  icon?: string;
  perms?: string;
  children?: MenuSeed[];
}

const buttons = (prefix: string, perms: Record<string, string>): MenuSeed[] =>
  Object.entries(perms).map(([action, code]) => ({
    key: `${prefix}.${action}`,
    name: buttonTitle(prefix, action)?.['zh-CN'] ?? action,
    nameEn: buttonTitle(prefix, action)?.['en-US'] ?? action,
    type: 2 as const,
    perms: code,
  }));

function screenEntry(s: ScreenDef): MenuSeed {
  const children = SCREEN_BUTTONS[s.key] ? buttons(s.key, SCREEN_BUTTONS[s.key]) : [];
  return {
    key: s.key,
    name: s.title['zh-CN'],
    nameEn: s.title['en-US'],
    type: 1,
    url: s.path,
    icon: s.icon,
    // '' (any signed-in user) is stored as no permission.
    perms: s.permission || undefined,
    ...(children.length ? { children } : {}),
  };
}

/** The seed tree of a registry: top-level screens and directories in registry order, each directory's screens inside it. */
export function menuSeedOf(screens: readonly ScreenDef[], directories: typeof MENU_DIRECTORIES): MenuSeed[] {
  const inMenu = screens.filter((s) => s.parent !== undefined);
  const top: MenuSeed[] = inMenu.filter((s) => s.parent === 'root').map(screenEntry);
  for (const d of directories) {
    top.push({
      key: d.key,
      name: d.title['zh-CN'],
      nameEn: d.title['en-US'],
      type: 0,
      icon: d.icon,
      children: inMenu.filter((s) => s.parent === d.key).map(screenEntry),
    });
  }
  return top;
}

export const menuSeed: MenuSeed[] = menuSeedOf(SCREENS, MENU_DIRECTORIES);

export { buttons };
