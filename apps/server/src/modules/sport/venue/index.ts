/**
 * The venue module's public API: the only file of `modules/sport/venue/` another module may import.
 * Venue management (venues, sites, opening hours, price rules, templates) and the local-time
 * helpers every venue-time module shares. Booking (`modules/sport/booking/`) builds on it.
 */
export { addPriceRule, addSite, addVenue, splitSite, venueInScope } from './venue.service.ts';
export {
  findVenue,
  pagePriceRules,
  priceRuleDefaultOrder,
  rulesOfVenue,
  sitesOf,
  sitesOfVenueOfSite,
  type PriceRuleRecord,
  type SiteRecord,
  type VenueRecord,
} from './venue.repository.ts';
export { addDays, dayKindOf, hoursOn, instantOf, localOf, slotsBetween, weekdayOf } from './venue.time.ts';

// Booking's queries and tables: their rows are booking's (claims, series, closures, shifts).
export {
  bookingsOfDay,
  claimsByIds,
  claimsOfDays,
  claimsOfOrder,
  claimsOfSeries,
  claimsOverlapping,
  closureClaimsAfter,
  dueNoShows,
  findClosure,
  findSeries,
  findShift,
  insertClaims,
  insertClosure,
  insertSeries,
  lastCountedAt,
  lastShiftClosedAt,
  openShift,
  operatorShift,
  pageClosures,
  pageSeries,
  pageShifts,
  setClaimState,
  setSeriesState,
  transitionShift,
  updateClosure,
  type ClaimRecord,
  type ClosureRecord,
  type SeriesRecord,
  type ShiftRecord,
} from './venue.repository.ts';
export { venues, type ClosureNotice } from './venue.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { venueManifest } from './venue.manifest.ts';
