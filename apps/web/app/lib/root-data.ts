import { useRouteLoaderData } from 'react-router';

/** What the root loader hands every page (root.tsx returns exactly this shape). */
export type RootData = {
  cspNonce: string;
  buildId: string;
  /** Google Identity Services client id; null when Google sign-in is not configured. */
  googleClientId: string | null;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
