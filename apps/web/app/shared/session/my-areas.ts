import type { MyAreas } from '@everdeal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn } from './session-provider';

/** Under the user's key: signing out or in as someone else drops it (requirements §4). */
export const MY_AREAS_QUERY_KEY = [...USER_QUERY_KEY, 'areas'] as const;

/** Roles change rarely (an approval, a grant); a menu opened again within 5 minutes asks nothing. */
const AREAS_STALE_MS = 5 * 60_000;

export type AreaLink = { area: keyof MyAreas; label: string; to: string };

/** The areas beyond the storefront, in the order the menus list them (requirements §2, §13). */
export const AREA_LINKS: readonly AreaLink[] = [
  { area: 'seller', label: 'Seller area', to: '/seller' },
  { area: 'admin', label: 'Admin', to: '/admin' },
];

/**
 * The links to the seller and admin areas the signed-in user may open, as the server decides
 * (`users/getMyAreas`, decision 023); none for a visitor, or until the answer comes. The stored
 * user carries no role, and pages are cached for visitors, so this is asked from the browser,
 * when a menu that shows the links is first rendered, never with the page.
 */
export function useAreaLinks(): readonly AreaLink[] {
  const isLoggedIn = useIsLoggedIn();
  const { data } = useQuery({
    queryKey: MY_AREAS_QUERY_KEY,
    queryFn: ({ signal }) => callApi('users/getMyAreas', {}, { signal, silent: true }),
    enabled: isLoggedIn,
    staleTime: AREAS_STALE_MS,
  });
  return isLoggedIn && data ? AREA_LINKS.filter((link) => data[link.area]) : [];
}
