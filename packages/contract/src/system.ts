/**
 * System administration, one file per resource under `system/`: each holds the request
 * schemas the server validates with (bodies, queries, path parameters) and the answers
 * (`z.output` gives the console's types).
 */
export * from './system/user.ts';
export * from './system/role.ts';
export * from './system/org.ts';
export * from './system/menu.ts';
export * from './system/apiauth.ts';
export * from './system/dict.ts';
export * from './system/config.ts';
export * from './system/region.ts';
export * from './system/version.ts';
export * from './system/holiday.ts';
export * from './system/setting.ts';
export * from './system/strategy.ts';
export * from './system/online.ts';
export * from './system/log.ts';
export * from './system/home.ts';
export * from './system/openApp.ts';
export * from './system/message.ts';
export * from './system/registry.ts';
export * from './system/translationPrefixes.ts';
export * from './system/station.ts';
export * from './system/backlog.ts';
