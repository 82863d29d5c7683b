import { useQuery } from '@tanstack/react-query';
import {
  BRACELET_ACTIONS,
  BRACELET_HOLDER_KINDS,
  BRACELET_STATES,
  DEVICE_KINDS,
  GATE_PERSON_KINDS,
  GATE_REASONS,
  GATE_RESULTS,
  Perm,
  type DeviceRow,
  type Page,
  type SiteRow,
} from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { codeOptions, useCan, type Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The equipment screens' texts: one namespace for the feature. */
export const NS = 'equipment';
registerMessages(NS, zh, en);

export type EquipmentT = FeatureT<typeof zh>;
export function useEquipmentT(): EquipmentT {
  return useFeatureT<typeof zh>(NS);
}

export const kindOptions = codeOptions(DEVICE_KINDS, 'kind', { gate: 'blue', bracelet_reader: 'purple', golf_controller: 'cyan' });
export const personKindOptions = codeOptions(GATE_PERSON_KINDS, 'personKind', { member: 'blue', staff: 'gold' });
export const resultOptions = codeOptions(GATE_RESULTS, 'result', { allowed: 'green', denied: 'red' });
export const reasonOptions = codeOptions(GATE_REASONS, 'reason', {
  grant: 'green',
  card: 'green',
  booking: 'green',
  ticket: 'green',
  class: 'green',
  grantExpired: 'orange',
  outsideHours: 'orange',
  noRight: 'red',
  unknownPerson: 'default',
  braceletInactive: 'red',
});
export const braceletActionOptions = codeOptions(BRACELET_ACTIONS, 'braceletAction', { issued: 'blue', returned: 'green', lost: 'red', damaged: 'orange' });
export const braceletStateOptions = codeOptions(BRACELET_STATES, 'braceletState', {
  held: 'gold',
  active: 'blue',
  returned: 'green',
  lost: 'red',
  released: 'default',
});
export const holderKindOptions = codeOptions(BRACELET_HOLDER_KINDS, 'holderKind', { member: 'blue', booking: 'purple' });
export const onlineOptions: Option[] = [
  { value: 1, label: 'online.1', color: 'green' },
  { value: 0, label: 'online.0', color: 'default' },
];
export const weekdayOptions: Option[] = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: `weekday.${d}` }));

/** The gates the caller sees, for the grant form and the log's filter. */
export function useGateOptions(): Option[] {
  const can = useCan();
  const gates = useQuery({
    queryKey: ['equipment', 'gates'],
    enabled: can([Perm.equipment.list, Perm.gateGrant.list, Perm.gateLog.list]),
    queryFn: () => http.post<Page<DeviceRow>>(api.sport('equipment/device/list'), { pageNum: 1, pageSize: 500, kind: 'gate' }),
  });
  return (gates.data?.data ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.stadiumName}）` }));
}

/** The staff users the caller may list (the user list's permission), for a staff grant. */
export function useStaffOptions(): Option[] {
  const can = useCan();
  const users = useQuery({
    queryKey: ['equipment', 'staff'],
    enabled: can(Perm.user.list),
    queryFn: () => http.post<Page<{ id: number; name: string; code: string }>>(api.system('user/list'), { pageNum: 1, pageSize: 500 }),
  });
  return (users.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.name}（${u.code}）` }));
}

/** The current venue's golf bays (its golf sites), for a golf controller's bay. */
export function useGolfBayOptions(): Option[] {
  const venueId = useSession((s) => s.stadiumId);
  const sites = useQuery({
    queryKey: ['equipment', 'golfSites', venueId ?? 0],
    enabled: !!venueId,
    queryFn: () => http.post<Page<SiteRow>>(api.sport('venue/site/list'), { venueId, sport: 'golf', pageNum: 1, pageSize: 500 }),
  });
  return (sites.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }));
}
