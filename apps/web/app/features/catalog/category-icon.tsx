import {
  AudioLines,
  BarChart3,
  Bot,
  Clapperboard,
  Code2,
  Handshake,
  ImageIcon,
  type LucideIcon,
  PenLine,
  Search,
  Sparkles,
  Zap,
} from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  writing: PenLine,
  image: ImageIcon,
  video: Clapperboard,
  voice: AudioLines,
  chatbots: Bot,
  coding: Code2,
  analytics: BarChart3,
  seo: Search,
  productivity: Zap,
  sales: Handshake,
};

/** The icon of a category slug; categories added later fall back to a sparkle. */
export function categoryIcon(slug: string): LucideIcon {
  return icons[slug] ?? Sparkles;
}
