// Everything, for the server and tests. Browser code imports values from the zod-free subpaths
// instead (`@everdeal/contracts/constants`, `/content-messages`, `/messages`, `/money`, `/user`,
// `/card`; see package.json) and types from here with `import type`: a value import from this
// index pulls zod into the bundle.
export * from './admin';
export * from './admin-mail';
export * from './admin-tickets';
export * from './admin-user-page';
export * from './affiliates';
export * from './auth';
export * from './blog';
export * from './card';
export * from './catalog';
export * from './community';
export * from './community-messages';
export * from './constants';
export * from './contact';
export * from './content-messages';
export * from './envelope';
export * from './errors';
export * from './ids';
export * from './lifetime-promise';
export * from './load-context';
export * from './messages';
export * from './money';
export * from './notification-settings';
export * from './orders';
export * from './paths';
export * from './payments';
export * from './plans';
export * from './product-preview';
export * from './routes';
export * from './seller';
export * from './seller-analytics';
export * from './seller-analytics-rules';
export * from './seller-application-rules';
export * from './seller-applications';
export * from './seller-rules';
export * from './seller-sales';
export * from './shopping';
export * from './support';
export * from './user';
export * from './waitlist';
export * from './wallet';
export * from './wallet-rules';
export * from './webhook-rules';
export * from './webhooks';
