/**
 * The sport/large-screen module's public API: the only file of `modules/sport/large-screen/` another
 * module may import.
 */
export { largeScreenManifest } from './largeScreen.manifest.ts';
