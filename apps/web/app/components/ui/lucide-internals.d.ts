// lucide-react's own icon builder and helpers (its package exports `./dist/*`), used by
// `lucide-icon.ts` so the icons it renders are attribute for attribute what lucide renders.
declare module 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs' {
  import type { LucideIconData } from '~/components/ui/lucide-icon';
  export default function buildLucideIconForReact(
    icon: LucideIconData,
    params: Record<string, unknown>,
  ): [string, Record<string, unknown>, [string, Record<string, string>][]?];
}
declare module 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs' {
  export function hasA11yProp(props: Record<string, unknown>): boolean;
}
declare module 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs' {
  export function mergeClasses(...classes: unknown[]): string;
}
