// npm start: build the web app when needed, then run the server (demo tools on).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWeb();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PRESTA_DEMO_TOOLS: process.env.PRESTA_DEMO_TOOLS ?? '1' },
});
// Ctrl-C reaches the server too (same process group): let it shut down cleanly, then exit with it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
