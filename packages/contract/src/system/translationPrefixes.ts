// Kept apart from registry.ts (zod schemas): the console's shell reads it, and importing registry.ts
// would put zod into the login screen's JavaScript.

/** The API prefixes a translation item's interfaces may name (config.json's `<key>Prefix`). */
export const TRANSLATION_PREFIXES = ['system', 'stadium', 'sport', 'adapter'] as const;
