/**
 * The booking module's public API: the only file of `modules/sport/booking/` another module may
 * import. Booking is the console's "booking": the grid, booking orders, fixed bookings, closures
 * and the desk's shifts (built on the venue module's venues, sites and price rules).
 */
// The demo venue, and bookings other modules' demos make (paid, checked in) through the booking service.
export { bookDemo, seedVenueDemo } from './booking.seed.ts';
export { lessonBriefsPort, memberLevelsPort, memberWhitelistPort } from './booking.ports.ts';
export type { LevelGrant } from './pricing.ts';
export { claimSiteTime, releaseSiteTime } from './site-claims.ts';
// A bulk read of live site claims overlapping many ranges (a scheduling plan's conflict preview).
export { unitClaimsOverlapping, type UnitClaim, type UnitTimeAsk } from './site-clashes.repository.ts';
// The cash the desks counted on a day (the daily close shows it beside the ledger's cash).
export { shiftCashOfDay } from './booking.repository.ts';

// What books or closes site time on a range of days (the statistics' utilisation), as a scoped subquery.
export { siteOccupancySql } from './booking.occupancy.repository.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { bookingManifest } from './booking.manifest.ts';
