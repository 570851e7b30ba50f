/** One hand-written demo post; the seed turns `publishedDaysAgo` into a date relative to its clock. */
export type DemoBlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  author: { name: string; title: string };
  tags: string[];
  publishedDaysAgo: number;
  body: string;
};

export const authors = {
  maya: { name: 'Maya Okafor', title: 'Deals editor' },
  jonas: { name: 'Jonas Lindqvist', title: 'Head of marketplace quality' },
  priya: { name: 'Priya Raman', title: 'Customer support lead' },
  tomas: { name: 'Tomás Ferreira', title: 'Founder partnerships' },
} as const;
