// `npm start` / `node apps/server/dist/main.js`. React and React Router pick their development or
// production build from NODE_ENV when first imported, and the config defaults to production, so
// the variable is settled before anything imports them (the development build renders pages
// several times slower). The server is a separate module because static imports run first.
import cluster from 'node:cluster';
import { applyServerV8Flags } from './v8-flags';

if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
// Decision 051's V8 settings, here before any of the server's code is loaded and compiled, so
// every way of starting the server (npm start, the container, systemd, each forked process) runs
// with them.
applyServerV8Flags();
// The primary decides whether it is the server or forks several (WEB_CONCURRENCY, decision 041);
// a forked process is a server.
if (cluster.isPrimary) await import('./cluster-primary.js');
else await import('./server.js');
