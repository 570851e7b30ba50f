export * from './catalog';
export * from './users';
