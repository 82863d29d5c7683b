/** The single sign-on module's public face: the only file of modules/sso other modules import. */
export { ssoManifest } from './sso.manifest.ts';
