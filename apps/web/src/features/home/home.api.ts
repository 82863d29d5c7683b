import { useQuery } from '@tanstack/react-query';
import type { HomeCards, HomepageLayout, HomepageSave } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** GET {systemPrefix}home/cards: the caller's cards in their order, with today's figures (hidden ones without). */
export function useHomeCards() {
  return useQuery({
    queryKey: ['home', 'cards'],
    queryFn: () => http.get<HomeCards>(api.system('home/cards')),
  });
}

/** homepage/save and homepage/clear (spec 7.2): the user's order and hidden cards, or back to the default. */
export const homepageApi = {
  save: (body: HomepageSave) => http.post<HomepageLayout>(api.system('homepage/save'), body),
  clear: () => http.post<HomepageLayout>(api.system('homepage/clear'), {}),
};
