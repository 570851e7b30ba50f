import type { LucideIcon } from 'lucide-react';
import AudioLines from 'lucide-react/icons/audio-lines';
import Bot from 'lucide-react/icons/bot';
import BarChart3 from 'lucide-react/icons/chart-column';
import Clapperboard from 'lucide-react/icons/clapperboard';
import Code2 from 'lucide-react/icons/code-xml';
import Handshake from 'lucide-react/icons/handshake';
import ImageIcon from 'lucide-react/icons/image';
import PenLine from 'lucide-react/icons/pen-line';
import Search from 'lucide-react/icons/search';
import Sparkles from 'lucide-react/icons/sparkles';
import Zap from 'lucide-react/icons/zap';

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
