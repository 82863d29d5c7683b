import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_FILE_NAME, systemSettings, type StoredImage, type SystemSettings } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { Notice, parseOrThrow } from '../../platform/http.ts';
import { t, type Lang } from '../../platform/i18n.ts';
import { SYSTEM_SETTINGS_KEY } from './system.seed.ts';
import { getConfigRow, getConfigValue, jsonValidator, registerConfigValidator, writeConfigValue } from './config.service.ts';
import { IMAGE_MIME, imageFormat, imageSize, type ImageFormat } from './setting.image.ts';
import './setting.messages.ts';

/**
 * Login page and branding settings (spec sections 3 and 4), stored as JSON in the
 * `system_settings` parameter, and the images they point to. Uploaded images are checked
 * by content and kept under DATA_DIR/uploads by the SHA-256 of their bytes, so a name
 * never changes meaning and can be cached for ever (`GET /files/{name}`).
 */

/** An uploaded image's file name: its sha256 and format (the contract's rule). */
export const FILE_NAME = IMAGE_FILE_NAME;

registerConfigValidator(
  SYSTEM_SETTINGS_KEY,
  jsonValidator((json) => parseOrThrow(systemSettings, json)),
);

const EMPTY: SystemSettings = { enable: false, loginName: '', loginBg: '', copyright: '', logo: '', systemName: '', tabsName: '', tabsLogo: '' };

export async function getSettings(db: Db): Promise<SystemSettings & { version: number }> {
  const raw = await getConfigValue(db, SYSTEM_SETTINGS_KEY);
  const row = await getConfigRow(db, SYSTEM_SETTINGS_KEY);
  let value = EMPTY;
  try {
    const parsed = systemSettings.safeParse(JSON.parse(raw ?? '{}'));
    if (parsed.success) value = parsed.data;
  } catch {
    // A broken value shows as the defaults; saving repairs it.
  }
  return { ...value, version: row?.version ?? 0 };
}

/** Saves the branding; a field left out keeps its stored value (issue 23, point 10). */
export async function saveSettings(db: Db, input: Partial<SystemSettings> & Pick<SystemSettings, 'enable'>, version: number) {
  const { version: _stored, ...current } = await getSettings(db);
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const { row, changed } = await writeConfigValue(db, SYSTEM_SETTINGS_KEY, JSON.stringify(systemSettings.parse({ ...current, ...given })), version);
  const answer = { ...(JSON.parse(row.value) as SystemSettings), version: row.version };
  return changed ? answer : new Notice(answer, 'config.noChanges');
}

export type ImageKind = 'bg' | 'logo' | 'tab';
// Recommended sizes are spec 5's; the largest sizes keep a browser from decoding a small file
// into gigabytes of pixels (a header may declare 100,000 x 100,000).
export const IMAGE_RULES: Record<ImageKind, { maxBytes: number; maxLabel: string; width: number; height: number; maxSide: number }> = {
  bg: { maxBytes: 5 * 1024 * 1024, maxLabel: '5M', width: 1920, height: 1080, maxSide: 7680 },
  logo: { maxBytes: 1024 * 1024, maxLabel: '1M', width: 160, height: 160, maxSide: 1024 },
  tab: { maxBytes: 1024 * 1024, maxLabel: '1M', width: 32, height: 32, maxSide: 256 },
};

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Writes a file named by its content (`<sha256>.<ext>`) into a directory, atomically, once; answers the name. */
export function storeByContent(dir: string, data: Buffer, ext: string): string {
  const name = `${crypto.createHash('sha256').update(data).digest('hex')}.${ext}`;
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  }
  return name;
}

/** Checks an uploaded image (size, format by content, dimensions) and stores it; a size other than the recommended one is a notice. */
export function storeImage(dataDir: string, kind: ImageKind, data: Buffer, truncated: boolean, lang: Lang): StoredImage | Notice<StoredImage> {
  const rule = IMAGE_RULES[kind];
  const kindLabel = t(lang, `setting.kind.${kind}`);
  if (truncated || data.length > rule.maxBytes) throw new AppError('INVALID', 'setting.tooLarge', { kind: kindLabel, max: rule.maxLabel });
  if (data.length === 0) throw new AppError('INVALID', 'setting.noFile');
  const format = imageFormat(data);
  if (!format) throw new AppError('INVALID', 'setting.badFormat');
  const size = imageSize(data, format);
  if (!size) throw new AppError('INVALID', 'setting.badImage');
  if (size.width > rule.maxSide || size.height > rule.maxSide) {
    throw new AppError('INVALID', 'setting.dimensionTooLarge', {
      kind: kindLabel,
      max: `${rule.maxSide}x${rule.maxSide}`,
      actual: `${size.width}x${size.height}`,
    });
  }
  const name = storeByContent(uploadsDir(dataDir), data, format);
  const out: StoredImage = { url: `/files/${name}`, name, format, size: data.length, ...size, recommended: { width: rule.width, height: rule.height } };
  if (size.width !== rule.width || size.height !== rule.height) {
    return new Notice(out, 'setting.dimension', { kind: kindLabel, expected: `${rule.width}x${rule.height}`, actual: `${size.width}x${size.height}` });
  }
  return out;
}

export function fileContentType(name: string): string {
  return IMAGE_MIME[name.slice(name.lastIndexOf('.') + 1) as ImageFormat] ?? 'application/octet-stream';
}
