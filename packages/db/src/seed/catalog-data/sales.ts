import { type DemoCategory, lifetime } from './types';

export const salesCategory: DemoCategory = {
  slug: 'sales',
  name: 'Sales',
  description: 'Find leads, write outreach, coach calls and send proposals that close.',
  position: 10,
  metricLabels: ['Leads', 'Replies', 'Meetings booked'],
  products: [
    {
      slug: 'prospectory',
      name: 'Prospectory',
      tagline: 'Lead lists that match your best customers, with verified emails',
      sellerSlug: 'parcel-nine',
      about:
        'Describe your ideal customer or upload your best accounts and Prospectory finds lookalike companies and decision-makers, verifies their emails and explains why each lead fits.',
      audience: 'founders, SDRs and agencies running outbound for B2B products.',
      highlights: [
        'Lookalike search from your top 20 customers',
        'Email verification included in every credit',
        'Buying signals: hiring, funding and tech changes',
      ],
      tags: ['lead generation', 'prospecting', 'B2B data', 'enrichment'],
      alternativeTo: ['Apollo.io', 'Clay'],
      integrations: ['HubSpot', 'Salesforce', 'Pipedrive', 'Google Sheets'],
      aiModels: ['GPT-4o', 'text-embedding-3-small'],
      aiCreditsPerMonth: 1000,
      aiBringYourOwnKey: false,
      plans: [
        lifetime('Tier 1', 6900, 59900, [
          '1,000 lead credits per month',
          'Email verification',
          'CSV export',
          'All future updates',
        ]),
        lifetime('Tier 2', 14900, 143900, [
          '4,000 lead credits per month',
          'CRM sync',
          'Buying signals',
          'All future updates',
        ]),
      ],
    },
    {
      slug: 'coldcraft',
      name: 'Coldcraft',
      tagline: "Cold emails personalised from each prospect's website and posts",
      sellerSlug: 'parcel-nine',
      about:
        'Coldcraft researches each prospect before writing: their site, recent posts and job openings, then drafts a first line and a sequence that reads like you wrote it by hand.',
      audience: 'outbound teams and freelancers who want replies, not just opens.',
      highlights: [
        'Research notes shown next to each draft',
        'Sequences with automatic follow-ups and stop on reply',
        'Inbox warm-up and sending limits per mailbox',
      ],
      tags: ['cold email', 'outreach', 'personalisation', 'sequences'],
      alternativeTo: ['lemlist', 'Instantly'],
      integrations: ['Gmail', 'Outlook', 'HubSpot', 'Zapier'],
      aiModels: ['Claude 3.5 Sonnet', 'GPT-4o mini'],
      aiCreditsPerMonth: 2000,
      aiBringYourOwnKey: true,
      plans: [
        lifetime('Tier 1', 5900, 47900, ['2 mailboxes', '2,000 personalised emails per month', 'All future updates']),
        lifetime('Tier 2', 11900, 95900, [
          '10 mailboxes',
          '10,000 personalised emails per month',
          'Inbox warm-up',
          'All future updates',
        ]),
        lifetime('Tier 3', 22900, 191900, [
          '30 mailboxes',
          'Unlimited emails with your own key',
          'Team workspaces',
          'All future updates',
        ]),
      ],
    },
    {
      slug: 'dealcoach',
      name: 'Dealcoach',
      tagline: 'Call recordings turned into coaching, CRM notes and next steps',
      sellerSlug: 'parcel-nine',
      about:
        'Dealcoach records and transcribes sales calls, scores them against your playbook, fills in the CRM fields and shows each rep the moments where deals are won or lost.',
      audience: 'sales teams of 3 to 40 reps and the managers who coach them.',
      highlights: [
        'Talk-time, questions asked and objections per call',
        'Automatic CRM notes and next steps',
        'Deal risk alerts when buyers go quiet',
      ],
      tags: ['call recording', 'sales coaching', 'CRM'],
      alternativeTo: ['Gong', 'Chorus'],
      integrations: ['Zoom', 'HubSpot', 'Salesforce', 'Slack'],
      aiModels: ['Whisper', 'GPT-4o'],
      aiCreditsPerMonth: 3000,
      aiBringYourOwnKey: false,
      plans: [
        lifetime('Tier 1', 9900, 95900, ['3 reps', '3,000 call minutes per month', 'CRM notes', 'All future updates']),
        lifetime('Tier 2', 24900, 287900, [
          '15 reps',
          '15,000 call minutes per month',
          'Playbook scoring',
          'All future updates',
        ]),
      ],
    },
    {
      slug: 'pitchpaper',
      name: 'Pitchpaper',
      tagline: 'Proposals and quotes written from your discovery call notes',
      sellerSlug: 'hollow-oak-systems',
      about:
        'Pitchpaper drafts a proposal from your call notes and pricing catalogue, lays it out in your brand, tracks when the client reads each section and collects an e-signature.',
      audience: 'agencies, consultants and freelancers sending several proposals a month.',
      highlights: [
        'Drafts from call notes in under two minutes',
        'Section-by-section read tracking',
        'E-signature and deposit payment on acceptance',
      ],
      tags: ['proposals', 'quotes', 'e-signature'],
      alternativeTo: ['PandaDoc', 'Proposify'],
      integrations: ['Stripe', 'HubSpot', 'Google Drive', 'Zapier'],
      aiModels: ['GPT-4o'],
      aiCreditsPerMonth: 100,
      aiBringYourOwnKey: false,
      plans: [
        lifetime('Tier 1', 5900, 41900, ['100 proposals per month', 'E-signature', '1 brand', 'All future updates']),
        lifetime('Tier 2', 11900, 83900, ['Unlimited proposals', 'Stripe deposits', '5 brands', 'All future updates']),
      ],
    },
  ],
};
