/** The service registry's public face: the only file of modules/registry other modules import. */
export { registryManifest } from './registry.manifest.ts';
