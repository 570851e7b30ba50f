// Texts of the demo community (decision 011): generic enough to fit any AI tool, with the
// product's name put in, so every demo product page has reviews, questions, updates and threads.

export const demoReviewTexts: { rating: number; title: string; body: string }[] = [
  {
    rating: 5,
    title: 'Paid for itself in a week',
    body: 'I replaced two monthly subscriptions with {name}. Setup took ten minutes and the results were good from the first day.',
  },
  {
    rating: 5,
    title: 'Exactly what the deal promised',
    body: 'Redeemed the code, everything in the tier was there. {name} is now part of my daily routine.',
  },
  {
    rating: 4,
    title: 'Great value, a few rough edges',
    body: 'The core of {name} is excellent. The settings page could be clearer, but support answered within a day.',
  },
  {
    rating: 4,
    title: 'Solid tool for a small team',
    body: 'We share {name} across three people. It is fast and the output needs little editing. Would like more export options.',
  },
  {
    rating: 5,
    title: 'The founder listens',
    body: 'I asked for a feature in the questions tab and it shipped two updates later. Rare for a lifetime deal.',
  },
  {
    rating: 3,
    title: 'Good, not magic',
    body: '{name} does the job for simple cases. For anything complex I still do it by hand. Fair for the price.',
  },
  {
    rating: 4,
    title: 'Keeps getting better',
    body: 'Bought at launch; every month something improves. The roadmap in the updates tab is honest.',
  },
  {
    rating: 5,
    title: 'No more monthly bill',
    body: 'I used a bigger competitor before. {name} covers 90% of what I needed, for a one-time price.',
  },
];

export const demoQuestionTexts: { title: string; body: string; answer: string }[] = [
  {
    title: 'Does {name} have an API?',
    body: 'We would like to call it from our own backend.',
    answer: 'Yes: every plan includes the REST API. Keys are in Settings → API, the docs are linked from there.',
  },
  {
    title: 'Can I stack codes for more seats?',
    body: '',
    answer: 'Yes, each extra code adds the limits of its tier. Redeem them on the same account one after another.',
  },
  {
    title: 'Which languages are supported?',
    body: 'Most of my clients write in German and Spanish.',
    answer: 'Over 25 languages, German and Spanish included. The interface itself is in English for now.',
  },
  {
    title: 'Is my data used to train models?',
    body: '',
    answer: 'No. Your content is only sent to the model to answer your request and is never used for training.',
  },
  {
    title: 'What happens to the lifetime deal if you add features?',
    body: 'Will new features be paywalled?',
    answer:
      'Everything we add to your tier comes to your plan too. Only new add-ons with their own costs may be extra.',
  },
];

export const demoShopperAnswers = [
  'I have been using it for a month and can confirm, works as described.',
  'Same question here; the founder answered quickly when I emailed too.',
];

export const demoUpdateTexts: { title: string; body: string }[] = [
  {
    title: 'Faster exports and a new dashboard',
    body: '## What is new\n\n- Exports run **3× faster**\n- A new dashboard shows usage per project\n- Dark mode follows your system setting\n\nThanks to everyone who reported bugs in the community tab.',
  },
  {
    title: 'Team workspaces',
    body: 'You can now invite teammates into a shared workspace.\n\n- Roles: owner, editor, viewer\n- Shared templates\n- One bill, stacked codes count per workspace',
  },
  {
    title: 'Integrations round-up',
    body: '## Connect more tools\n\nZapier and Make are live, and webhooks now retry for 24 hours.\n\nNext: a native Slack app.',
  },
  {
    title: 'Quality update',
    body: 'We moved to a newer model for every tier at no extra cost. Results are more accurate, especially for long inputs.',
  },
];

export const demoThreadTexts: { title: string; body: string; replies: string[] }[] = [
  {
    title: 'Share your best workflows with {name}',
    body: 'How are you using it day to day? I start every morning with a saved template.',
    replies: ['I chain it with a Zapier trigger from my inbox.', 'Templates per client saved me hours this week.'],
  },
  {
    title: 'Feature wishes for the next update',
    body: 'What would you like to see next? My vote goes to a mobile app.',
    replies: ['Bulk export, please!', 'Thanks, all noted: bulk export is on the roadmap for next month.'],
  },
  {
    title: 'Tips for getting started',
    body: 'New buyer here. Anything you wish you had known on day one?',
    replies: ['Read the quick-start in the help centre, it is short and good.'],
  },
];
