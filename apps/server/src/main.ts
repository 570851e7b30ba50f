// `npm start` / `node apps/server/dist/main.js`. React and React Router pick their development or
// production build from NODE_ENV when first imported, and the config defaults to production, so
// the variable is settled before anything imports them (the development build renders pages
// several times slower). The server is a separate module because static imports run first.
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
await import('./server.js');

export {};
