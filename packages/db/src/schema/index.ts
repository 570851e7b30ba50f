export * from './catalog';
export * from './shopping';
export * from './users';
