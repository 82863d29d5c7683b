/**
 * The cards module's public API: the only file of `modules/sport/card/` another module may import
 * (tests may also import `card.testkit.ts`). No other module reads cards: the cards module answers
 * others through the ports it plugs from its manifest (commerce's stored-value payments and
 * recharges, booking's member levels, the members module's card count), so this file is the
 * manifest that the module list loads and the readers reports use (statistics' card usage).
 */
export { cardManifest } from './card.manifest.ts';
// A marketing campaign's recharge bonus: a source consulted in the recharge's transaction.
export { registerRechargeBonus, type RechargeBonusSource } from './card.kinds.ts';
// Card usage for reports (statistics): the uses as one scoped set, and a phone as the card screens show it to a caller.
export { cardUsesOf } from './card.repository.ts';
export { phoneFor as cardPhoneFor } from './card.service.ts';
