// npm start: build the web app when needed, then run the server (development: the demo, demo tools on).
//
// Signals: the server runs in a process group of its own and gets each stop signal exactly once, from
// here: SIGTERM sent to `npm start` (npm passes it on to this process, which the script `exec`s), or Ctrl-C
// in a terminal (which reaches npm and this process together: the repeat is dropped). A second Ctrl-C more
// than a second later still tells the server to exit at once.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWeb();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, PRESTA_ENV: process.env.PRESTA_ENV ?? 'development', PRESTA_DEMO_TOOLS: process.env.PRESTA_DEMO_TOOLS ?? '1' },
});
let lastSignalAt = 0;
const forward = (signal) => {
  const now = Date.now();
  if (now - lastSignalAt < 1000) return; // the same Ctrl-C, delivered twice
  lastSignalAt = now;
  child.kill(signal);
};
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGHUP', () => forward('SIGTERM'));
// Never leave the server behind when this process ends some other way.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
