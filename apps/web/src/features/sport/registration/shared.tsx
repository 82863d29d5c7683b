import { useQuery } from '@tanstack/react-query';
import { PICKUP_KINDS, REG_ENTRY_STATES, REG_EVENT_TYPES, REG_KIT_STATES, type Page, type RegEventRow } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { clockIn, codeOptions, invalidateResource } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The registration screens' texts: one namespace for the feature. */
export const NS = 'registration';
registerMessages(NS, zh, en);

export type RegistrationT = FeatureT<typeof zh>;
export function useRegistrationT(): RegistrationT {
  return useFeatureT<typeof zh>(NS);
}

export const regUrl = (p: string) => api.sport(`registration/${p}`);
export const eventTypeOptions = codeOptions(REG_EVENT_TYPES, 'eventType', { tournament: 'blue', golf: 'green', run: 'orange', activity: 'purple' });
export const entryStateOptions = codeOptions(REG_ENTRY_STATES, 'entryState', { held: 'gold', active: 'blue', cancelled: 'default' });
export const kitStateOptions = codeOptions(REG_KIT_STATES, 'kitState', { none: 'default', pickedUp: 'gold', handed: 'blue', back: 'cyan', returned: 'green' });
export const pickupKindOptions = codeOptions(PICKUP_KINDS, 'pickupKind', { prize: 'gold', gift: 'green' });

/** The current venue's events with their sessions (the dialogs' choices). */
export function useEvents(eventType?: string) {
  const stadiumId = useSession((s) => s.stadiumId);
  return useQuery({
    queryKey: ['registration', 'events', stadiumId, eventType],
    enabled: !!stadiumId,
    queryFn: () => http.post<Page<RegEventRow>>(regUrl('event/list'), { stadiumId, eventType, pageNum: 1, pageSize: 100 }),
  }).data?.data;
}

/** A session as a choice: its time in the venue's clock, its place and what is taken. */
export function sessionLabel(t: RegistrationT, e: Pick<RegEventRow, 'timeZone'>, s: RegEventRow['sessions'][number]) {
  return `${clockIn(s.startTime, e.timeZone)} · ${s.place} · ${t('dialog.held', { held: s.held, capacity: s.capacity })}`;
}

/** Refetches the entries' list (after a dialog changed an entry). */
export const refreshEntries = () => void invalidateResource('registrationEntries');
