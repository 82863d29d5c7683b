/** Every table of the server, for Drizzle and drizzle-kit. Each module owns its own file. */
export * from '../modules/system/system.table.ts';
export * from '../modules/system/account.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/log/log.table.ts';
export * from '../modules/system/holiday.table.ts';
export * from '../modules/system/region.table.ts';
export * from '../modules/system/version.table.ts';
export * from '../modules/sso/sso.table.ts';
export * from '../modules/auth/recovery.table.ts';
export * from '../modules/job/job.table.ts';
export * from '../modules/sport/commerce/commerce.table.ts';
export * from '../modules/sport/venue/venue.table.ts';
export * from '../modules/sport/member/member.table.ts';
export * from '../modules/sport/card/card.table.ts';
export * from '../modules/sport/ticket/ticket.table.ts';
export * from '../modules/sport/ticket/gate/gate.table.ts';
export * from '../modules/sport/ticket/distribution/distribution.table.ts';
