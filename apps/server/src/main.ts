// `npm start` / `node apps/server/dist/main.js`. React and React Router pick their development or
// production build from NODE_ENV when first imported, and the config defaults to production, so
// the variable is settled before anything imports them (the development build renders pages
// several times slower). The server is a separate module because static imports run first.
import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';

if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
// Decision 051: no allocation-site pretenuring. A page's objects (React's elements, the rows, the
// markup) all die with its answer; once V8 had seen some of them alive at a young collection it
// allocated every later page's in the old generation, where only full collections free them. Set
// here, before any of the server's code is loaded and compiled, so every way of starting the
// server (npm start, the container, systemd, each forked process) runs with it.
setFlagsFromString('--no-allocation-site-pretenuring');
// The primary decides whether it is the server or forks several (WEB_CONCURRENCY, decision 041);
// a forked process is a server.
if (cluster.isPrimary) await import('./cluster-primary.js');
else await import('./server.js');
