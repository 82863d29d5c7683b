/** The open-access module's public face: the only file of modules/open other modules import. */
export { openManifest } from './open.manifest.ts';
export { defineOpenRoute } from './open.gateway.ts';
export { seedOpenDemo } from './open.seed.ts';
export { openSignature, signedHeaders } from './open.sign.ts';
