import type { ModuleManifest } from '../../platform/module.ts';

/** Mail delivery (SMTP): a provider other modules send through; no tables or routes of its own. */
export const mailManifest: ModuleManifest = {
  name: 'mail',
  dependsOn: [],
};
