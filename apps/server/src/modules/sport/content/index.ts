/**
 * The sport/content module's public API: the only file of `modules/sport/content/` another module
 * may import (tests may also import `content.testkit.ts`).
 */
export { findContent } from './content.repository.ts';
export { contentManifest } from './content.manifest.ts';
