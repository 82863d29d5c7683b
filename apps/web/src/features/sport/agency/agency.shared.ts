import { AGENCY_PARTIES, AGENCY_PERIODS, AGENCY_STATES } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { codeOptions } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export const NS = 'agency';
registerMessages(NS, zh, en);
export const useAgencyT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>(NS);

export const periodOptions = codeOptions(AGENCY_PERIODS, 'period');
export const stateOptions = codeOptions(AGENCY_STATES, 'state', { draft: 'gold', approved: 'blue', paid: 'green' });
export const partyOptions = codeOptions(AGENCY_PARTIES, 'party', { platform: 'purple', venue: 'cyan', partner: 'orange' });

/** Basis points shown as a percent (650 → "6.5%"). */
export const percentOf = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

/** An item kind's name, or the kind itself when the screen has no name for it. */
export function kindLabel(t: FeatureT<typeof zh>, kind: string): string {
  return kind in zh.kindName ? t(`kindName.${kind as keyof typeof zh.kindName}`) : kind;
}
