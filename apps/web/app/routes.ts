import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Spec §2 routes. A route appears here only once it has real content; any other path falls
// through to the 404 page, never to a stub.
export default [
  layout('routes/_default-layout.tsx', [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')]),
] satisfies RouteConfig;
