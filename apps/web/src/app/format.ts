import dayjs, { type ConfigType } from 'dayjs';
import { getLang, type Lang } from './prefs.ts';

/** Date formats of spec 9: Chinese 'YYYY年MM月DD日 HH:mm:ss', English 'YYYY-MM-DD'. */
export const DATE_FORMATS: Record<Lang, string> = {
  'zh-CN': 'YYYY年MM月DD日 HH:mm:ss',
  'en-US': 'YYYY-MM-DD',
};

export function formatDate(value: ConfigType, lang: Lang = getLang()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMATS[lang]) : '';
}

/** Money in minor units (fen) to a display string with two decimals. */
export function formatMoney(fen: number | null | undefined, lang: Lang = getLang()): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  return (fen / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
