/**
 * The venue module's public API: the only file of `modules/sport/venue/` another module may import.
 * Venue management (venues, sites, opening hours, price rules, templates) and the local-time
 * helpers every venue-time module shares. Booking (`modules/sport/booking/`) builds on it.
 */
export { addPriceRule, addSite, addVenue, splitSite, venueInScope } from './venue.service.ts';
export {
  findVenue,
  firstVenueOf,
  pagePriceRules,
  priceRuleDefaultOrder,
  rulesOfVenue,
  sitesOf,
  sitesOfVenueOfSite,
  type PriceRuleRecord,
  type SiteRecord,
  type VenueRecord,
} from './venue.repository.ts';
// The site time open on a range of days (the statistics' utilisation), as a scoped subquery.
export { siteOpeningsSql } from './venue.opening.repository.ts';
export { addDays, dayKindOf, hoursOn, instantOf, localOf, slotsBetween, weekdayOf } from './venue.time.ts';

// Booking's tables name the venue's; booking answers the venue's delete checks through these ports.
export { sites, venues } from './venue.table.ts';
export { liveClaimsAheadPort, venueBookedPort } from './venue.ports.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { venueManifest } from './venue.manifest.ts';
