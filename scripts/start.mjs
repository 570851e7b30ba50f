#!/usr/bin/env node
// `npm start`: builds the store and serves it with the demo catalogue. The web build (the slow
// part) and preparing the database run side by side: creating an embedded PGlite database,
// migrating and seeding it takes seconds of its own. The server then starts on the prepared
// database. Signals reach the server, which shuts down gracefully.
import { spawn } from 'node:child_process';

// npm runs this on node_modules/.bin/node, the Node 24 it installs on Linux; elsewhere on the
// system Node, which must be 22 or 24 (docs/decisions/035-node-target.md).
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.warn(
    `Everdeal supports Node 22 and 24, and this is Node ${process.version}: npm installs Node 24 into node_modules on Linux (x64, arm64); elsewhere install Node 24 (\`nvm install 24\`).`,
  );
}

function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
try {
  await Promise.all([
    run(npm, ['run', 'build', '-w', 'apps/web']),
    run(npm, ['run', 'build', '-w', 'apps/server']).then(() =>
      run(process.execPath, ['apps/server/dist/seed-cli.js', '--prepare']),
    ),
  ]);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
