import { fetchMenus, fetchUserInfo } from '../../app/sessionLoader.ts';
import { queryClient } from '../../app/query.ts';
import { sessionStore } from '../../app/session.ts';

/**
 * After a change of roles, menus or grants: the signed-in user's permissions and menu tree
 * may have changed too, so both are loaded again (quietly: the user keeps working; a user
 * who lost every menu gets the shell's 'no menus' message). Pickers of menus/roles refetch.
 */
export async function refreshAccess(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['kit', 'menu', 'options'] });
  await queryClient.invalidateQueries({ queryKey: ['kit', 'role', 'options'] });
  if (!sessionStore.get().loaded) return;
  try {
    const info = await fetchUserInfo();
    await fetchMenus(info.currentOrg.orgId);
  } catch {
    /* the request layer has told the user */
  }
}
