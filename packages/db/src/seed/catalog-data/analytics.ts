import { type DemoCategory, lifetime, subscription } from './types';

export const analyticsCategory: DemoCategory = {
  slug: 'analytics',
  name: 'Analytics',
  description: 'Ask questions of your data, predict churn and make sense of customer feedback.',
  position: 7,
  metricLabels: ['Active users', 'Revenue', 'Conversion'],
  products: [
    {
      slug: 'insightloop',
      name: 'Insightloop',
      tagline: 'Dashboards you build by asking questions in plain English',
      sellerSlug: 'orbitwell',
      about:
        'Insightloop connects to your database, Stripe and Google Analytics, answers questions like "which plan churns most after the trial?" with a chart, and pins the answers into live dashboards.',
      audience: 'founders, product managers and small teams without a data analyst.',
      highlights: [
        'Charts chosen for the question, editable by hand',
        'Weekly digest of what changed and why',
        'Dashboards shareable by link or embedded',
      ],
      tags: ['business intelligence', 'dashboards', 'natural language'],
      alternativeTo: ['Tableau', 'Looker Studio'],
      integrations: ['PostgreSQL', 'Stripe', 'Google Analytics', 'Slack'],
      aiModels: ['GPT-4o'],
      aiCreditsPerMonth: 1000,
      aiBringYourOwnKey: false,
      plans: [
        subscription('Team', 'year', 9900, 46800, ['5 data sources', '10 dashboards', '1,000 questions per month']),
        subscription('Business', 'year', 24900, 118800, [
          'Unlimited data sources',
          'Unlimited dashboards',
          '5,000 questions per month',
          'Embedded dashboards',
        ]),
      ],
    },
    {
      slug: 'churnscope',
      name: 'Churnscope',
      tagline: 'See which customers are about to cancel, and why',
      sellerSlug: 'orbitwell',
      about:
        'Churnscope combines billing, product usage and support history to score every account for churn risk, explains the score in a sentence and suggests the save play that worked before.',
      audience: 'subscription businesses between $10k and $5M in annual revenue.',
      highlights: [
        'Risk score with a plain-language reason per account',
        'Playbooks triggered in your email or CRM tool',
        'Revenue-at-risk forecast for the next 90 days',
      ],
      tags: ['churn', 'SaaS metrics', 'retention', 'forecasting'],
      alternativeTo: ['ChurnZero', 'Baremetrics'],
      integrations: ['Stripe', 'Paddle', 'HubSpot', 'Intercom', 'Segment'],
      aiModels: ['XGBoost', 'GPT-4o mini'],
      aiCreditsPerMonth: null,
      aiBringYourOwnKey: false,
      plans: [
        lifetime('Tier 1', 7900, 71900, [
          'Up to $25k MRR tracked',
          '2 data sources',
          'Weekly risk report',
          'All future updates',
        ]),
        lifetime('Tier 2', 16900, 143900, [
          'Up to $100k MRR tracked',
          'All data sources',
          'Save playbooks',
          'All future updates',
        ]),
      ],
    },
    {
      slug: 'feedbackfold',
      name: 'Feedbackfold',
      tagline: 'Every review, ticket and survey answer, sorted into themes',
      sellerSlug: 'orbitwell',
      about:
        'Feedbackfold pulls feedback from app stores, support tickets, NPS surveys and calls, groups it into themes with counts and sentiment, and tells you which ones grew this week.',
      audience: 'product managers and founders deciding what to build next.',
      highlights: [
        'Automatic themes you can merge, split and rename',
        'Revenue attached to each theme from your CRM',
        'Quotes ready to paste into a roadmap document',
      ],
      tags: ['customer feedback', 'product research', 'sentiment'],
      alternativeTo: ['Dovetail', 'Enterpret'],
      integrations: ['Zendesk', 'Intercom', 'Typeform', 'Slack', 'Linear'],
      aiModels: ['Claude 3.5 Sonnet', 'text-embedding-3-small'],
      aiCreditsPerMonth: 5000,
      aiBringYourOwnKey: false,
      plans: [
        lifetime('Tier 1', 6900, 47900, ['5,000 feedback items per month', '3 sources', 'All future updates']),
        lifetime('Tier 2', 13900, 95900, [
          '20,000 feedback items per month',
          'All sources',
          'Revenue weighting',
          'All future updates',
        ]),
        lifetime('Tier 3', 24900, 191900, [
          '80,000 feedback items per month',
          'All sources',
          '10 team seats',
          'API access',
          'All future updates',
        ]),
      ],
    },
    {
      slug: 'sheetsense',
      name: 'Sheetsense',
      tagline: 'An analyst inside your spreadsheet that writes formulas and spots trends',
      sellerSlug: 'orbitwell',
      about:
        'Sheetsense adds a sidebar to Google Sheets and Excel that writes formulas from a description, cleans messy columns and summarises a table into three findings with a chart.',
      audience: 'finance, operations and marketing people who spend their day in spreadsheets.',
      highlights: [
        'Formulas explained cell by cell',
        'One-click clean-up of dates, names and currencies',
        'Pivot tables built from a question',
      ],
      tags: ['spreadsheets', 'formulas', 'data cleaning'],
      alternativeTo: ['GPT for Sheets', 'Rows'],
      integrations: ['Google Sheets', 'Microsoft Excel', 'Google Drive'],
      aiModels: ['GPT-4o mini'],
      aiCreditsPerMonth: 3000,
      aiBringYourOwnKey: true,
      plans: [
        subscription('Monthly', 'month', 900, 2900, [
          '3,000 AI actions per month',
          'Google Sheets and Excel',
          'Formula explanations',
        ]),
        subscription('Yearly', 'year', 7900, 34800, [
          '3,000 AI actions per month',
          'Google Sheets and Excel',
          'Bring your own OpenAI key',
          'Priority support',
        ]),
      ],
    },
  ],
};
