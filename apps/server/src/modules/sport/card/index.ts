/**
 * The cards module's public API: the only file of `modules/sport/card/` another module may import
 * (tests may also import `card.testkit.ts`). No other module reads cards today: the cards module
 * answers others through the ports it plugs (commerce's stored-value payments and recharges,
 * booking's member levels, the members module's card count), so this file is only its wiring.
 */
export { cardRoutes } from './card.routes.ts';
export { seedCardDemo } from './card.seed.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { cardManifest } from './card.manifest.ts';
