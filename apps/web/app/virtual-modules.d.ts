/** The `<symbol>`s of the icons drawn from the page itself (vite-plugins/lucide-sprite.ts). */
declare module 'virtual:everdeal/inline-icons' {
  export const INLINE_ICON_SYMBOLS: string;
}
