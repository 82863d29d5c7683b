/**
 * The ticketing module's public face: the only file of `modules/sport/ticket/` another module may
 * import (tests may also import its `*.testkit.ts`).
 */
export { ticketManifest } from './ticket.manifest.ts';
