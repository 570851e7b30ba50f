import type { StorefrontLoadContext } from '@everdeal/contracts';

declare module 'react-router' {
  interface AppLoadContext extends StorefrontLoadContext {}
}
