/**
 * The sport/goods module's public API: the only file of `modules/sport/goods/` another module may
 * import (tests may also import `goods.testkit.ts`). Another module sells goods by putting a line of
 * item kind `goods` on its own order (`refId`: the good; `detail`: `{stadiumId}` or `{warehouseId}`).
 */

// A good by id in the caller's scope (the page settings bind goods to the member app's pages).
export { findGoods } from './goods.repository.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { goodsManifest } from './goods.manifest.ts';
