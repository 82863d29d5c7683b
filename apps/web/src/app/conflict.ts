import type { ConflictDetail } from '@venue/contract';
import { queryClient } from './query.ts';

/**
 * What a 100409 does besides its message (issue 8, point 6), for every screen at once:
 * - `taken` (booked or sold meanwhile): the lists on screen are refreshed, so the taken slot,
 *   seat or stock shows as such;
 * - `state` (wrong state for the action: has children, in use, already done): the rows on screen
 *   are refreshed, so the operator sees the state that refused the action;
 * - `stock` (too few units of a good left): the lists are refreshed, so the stock shows as it is.
 * `stale` (reload the record) and `duplicate` (mark the field) belong to the form that saved:
 * the page kit's FormDialog and `reactToSaveError` (kit/form.ts). Registered by createAppRouter.
 */
export function refreshOnConflict(conflict: Pick<ConflictDetail, 'reason'>): boolean {
  if (conflict.reason !== 'taken' && conflict.reason !== 'state' && conflict.reason !== 'stock') return false;
  void queryClient.invalidateQueries({ refetchType: 'active' });
  return true;
}
