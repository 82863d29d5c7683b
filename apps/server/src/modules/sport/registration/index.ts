/**
 * The sport/registration module's public API: the only file of `modules/sport/registration/`
 * another module may import. No other module reads its tables.
 */

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { registrationManifest } from './registration.manifest.ts';
