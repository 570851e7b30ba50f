// Everything, for the server and tests. Browser code imports values from the zod-free subpaths
// instead (`@everdeal/contracts/constants`, `/messages`, `/money`, `/user`; see package.json) and
// types from here with `import type`: a value import from this index pulls zod into the bundle.
export * from './auth';
export * from './catalog';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './load-context';
export * from './messages';
export * from './money';
export * from './routes';
export * from './shopping';
export * from './user';
