import type { DemoSeller } from './types';

/** Invented companies; their websites use the reserved .example domain so no link goes anywhere real. */
export const demoSellers: DemoSeller[] = [
  {
    slug: 'lumenforge-labs',
    name: 'Lumenforge Labs',
    bio: 'A five-person studio in Lisbon building writing tools for people who publish every week.',
  },
  {
    slug: 'quiet-pine-software',
    name: 'Quiet Pine Software',
    bio: 'Bootstrapped since 2019; we make calm, fast tools for creative teams.',
  },
  {
    slug: 'brightwire-studio',
    name: 'Brightwire Studio',
    bio: 'Former agency video editors turning the boring parts of post-production into one click.',
  },
  {
    slug: 'fernhill-ai',
    name: 'Fernhill AI',
    bio: 'Speech and audio specialists: transcription, voices and dubbing for small teams.',
  },
  {
    slug: 'copperleaf-apps',
    name: 'Copperleaf Apps',
    bio: 'We build customer-facing assistants that answer from your own docs, not from guesses.',
  },
  {
    slug: 'tidalbyte',
    name: 'Tidalbyte',
    bio: 'Developer tools made by developers who were tired of reviewing the same mistakes.',
  },
  {
    slug: 'orbitwell',
    name: 'Orbitwell',
    bio: 'Analytics that answer questions in plain English, for teams without a data analyst.',
  },
  {
    slug: 'saltmarsh-digital',
    name: 'Saltmarsh Digital',
    bio: 'An SEO agency that productised its own internal tools after ten years of client work.',
  },
  {
    slug: 'kestrel-works',
    name: 'Kestrel Works',
    bio: 'Productivity software for people who would rather do the work than plan it.',
  },
  {
    slug: 'moonquarry',
    name: 'Moonquarry',
    bio: 'A remote team of designers and ML engineers shipping image tools for e-commerce.',
  },
  {
    slug: 'parcel-nine',
    name: 'Parcel Nine',
    bio: 'Sales tooling for founders doing their own outbound, built by two ex-SDRs.',
  },
  {
    slug: 'hollow-oak-systems',
    name: 'Hollow Oak Systems',
    bio: 'Automation and agent builders for operations teams, based in Toronto.',
  },
];
