/**
 * The sport/equipment module's public API: the only file of `modules/sport/equipment/` another
 * module may import (tests may also import `equipment.testkit.ts` and the device simulators,
 * `gate.sim.ts` and `golf.sim.ts`, through it). No other module reads devices or the access log;
 * the cards, ticketing and training modules answer the gates' ports (what a member holds that
 * opens a gate).
 */

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { equipmentManifest } from './equipment.manifest.ts';

// ---------------------------------------------------------------- what opens a gate, answered by the modules that own it
export { gateCardPort, gateLessonPort, gateTicketPort } from './gate.ports.ts';

// ---------------------------------------------------------------- the device simulator (tests, the bench, browser tests)
export { GateSim, wallClock } from './gate.sim.ts';
export { GolfSim } from './golf.sim.ts';
