import { z } from 'zod';
import { fields, keptWhenOmitted } from '../fields.ts';

/** Branding / page settings (`system_settings`) and their images. */

/** An uploaded image's stored name: its sha256 and format. */
export const IMAGE_FILE_NAME = /^[a-f0-9]{64}\.(jpg|png|bmp|ico)$/;
const imageUrl = fields
  .str()
  .trim()
  .max(200)
  .refine((v) => v === '' || (v.startsWith('/files/') && IMAGE_FILE_NAME.test(v.slice(7))), 'setting.imageUrl')
  .default('');
const text = (max: number) => fields.str().trim().max(max).default('');

/** The branding as stored (the `system_settings` parameter, JSON). */
export const systemSettings = z.object({
  enable: z.boolean(),
  loginName: text(50),
  loginBg: imageUrl,
  copyright: text(200),
  logo: imageUrl,
  systemName: text(50),
  tabsName: text(50),
  tabsLogo: imageUrl,
});
export type SystemSettings = z.infer<typeof systemSettings>;
/** `PUT setting`. */
export const settingUpdate = keptWhenOmitted(systemSettings).extend({ version: fields.version });

export const imageKind = z.enum(['bg', 'logo', 'tab']);
/** `POST setting/upload` (multipart `file`): the kind as `?kind=` or a field sent before the file. */
export const settingUploadQuery = z.object({ kind: imageKind.optional() });

// ---------------------------------------------------------------- answers

const s = z.string();
const n = z.number();

/** `GET setting` and the answer of `PUT setting`. */
export const settingView = z.object({
  enable: z.boolean(),
  loginName: s,
  loginBg: s,
  copyright: s,
  logo: s,
  systemName: s,
  tabsName: s,
  tabsLogo: s,
  version: n,
});
export type SettingView = z.output<typeof settingView>;

/** `POST setting/upload`: the stored image (a size other than the recommended one comes as a 103005 notice). */
export const storedImage = z.object({
  url: s,
  name: s,
  format: z.enum(['jpg', 'png', 'bmp', 'ico']),
  size: n,
  width: n,
  height: n,
  recommended: z.object({ width: n, height: n }),
});
export type StoredImage = z.output<typeof storedImage>;
