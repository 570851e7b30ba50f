export * from './catalog';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './load-context';
export * from './messages';
export * from './money';
export * from './routes';
