import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, withoutDefault } from '../fields.ts';

/** Versions: the newest release for any signed-in user, list and publish for administrators. */
export const versionPlatform = z.enum(['web', 'android', 'ios', 'h5', 'mini']);
/** A version number: two to four dot-separated numbers, optionally a `-pre` or `+build` suffix (`2.1.0-rc.1`). */
export const VERSION_NO = /^\d{1,4}(\.\d{1,4}){1,3}([-+][0-9A-Za-z.]{1,20})?$/;
const versionNo = fields
  .str()
  .trim()
  .min(1, { abort: true })
  .max(32)
  .refine((v) => VERSION_NO.test(v), 'version.format');
const content = fields.str().max(5000).default('');
const publishedAt = fields.instant.optional();

/** `GET version/latest`. */
export const latestVersionQuery = z.object({ platform: versionPlatform.default('web') });
/** `POST version/list`. */
export const versionListQuery = pageQuery.extend({ platform: versionPlatform.optional(), versionNo: fields.str().trim().max(32).optional() });
export type VersionListQuery = z.output<typeof versionListQuery>;
/** `POST version`: publish a release. */
export const versionCreate = z.object({ versionNo, platform: versionPlatform.default('web'), content, force: z.boolean().default(false), publishedAt });
export type VersionCreate = z.output<typeof versionCreate>;
/** `PUT version/{id}`: the number and platform of a published release stay. */
export const versionUpdate = z.object({ content: withoutDefault(content).optional(), force: z.boolean(), publishedAt, version: fields.version });
export type VersionUpdate = z.output<typeof versionUpdate>;

// ---------------------------------------------------------------- answers

/** One release (rows of the list, latest, get, publish, edit). */
export const appVersion = z.object({
  id: z.number(),
  versionNo: z.string(),
  platform: z.string(),
  content: z.string(),
  force: z.boolean(),
  publishedAt: fields.instantOut,
  publishedBy: z.number().nullable(),
  version: z.number(),
  createdAt: fields.instantOut,
  updatedAt: fields.instantOut,
});
export type AppVersion = z.output<typeof appVersion>;
/** `GET version/latest`: the newest release of the platform whose time has come; null before the first. */
export const latestVersionAnswer = appVersion.nullable();
