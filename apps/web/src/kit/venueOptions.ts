import { useQuery } from '@tanstack/react-query';
import { Perm, type Page, type VenueRow } from '@venue/contract';
import { api, http } from '../app/request.ts';
import { useSession } from '../app/session.ts';
import type { Option } from './types.ts';
import { useCan } from './useCan.ts';

/**
 * The organisation's venues as options: all of them for a user with the venue list permission,
 * else the current venue only (what the user may see). One query, shared by every form and filter.
 */
export function useVenueOptions(): Option[] {
  const can = useCan();
  const stadiumId = useSession((s) => s.stadiumId);
  const stadiumName = useSession((s) => s.stadiumName);
  const all = can(Perm.venue.list);
  const venues = useQuery({
    queryKey: ['venueOptions'],
    queryFn: () => http.post<Page<VenueRow>>(api.stadium('stadiumInfo/pagelist'), { pageNum: 1, pageSize: 200 }),
    enabled: all,
    staleTime: 60_000,
  });
  if (all && venues.data) return venues.data.data.map((v) => ({ value: v.id, label: v.stadiumName }));
  return stadiumId ? [{ value: stadiumId, label: stadiumName ?? String(stadiumId) }] : [];
}
