// npm test: type check, unit/component/API tests (Vitest), then the Playwright journeys in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

let passed = 0;
let failed = 0;
const steps = [];

const typecheckOk = run('Type check', 'npm', ['run', '--silent', 'typecheck']);
steps.push(['type check', typecheckOk]);

const vitestJson = path.join(resultsDir, 'vitest.json');
const vitestOk = run('Unit, component and API tests (Vitest)', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]);
steps.push(['vitest', vitestOk]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
}

let e2eOk = false;
try {
  buildWeb();
  const e2eJson = path.join(resultsDir, 'playwright.json');
  e2eOk = run('End-to-end journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
  if (fs.existsSync(e2eJson)) {
    const r = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
    passed += r.stats?.expected ?? 0;
    failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) * 0;
  }
} catch (error) {
  console.error(error);
}
steps.push(['playwright', e2eOk]);

console.log('\n=== Summary ===');
for (const [name, ok] of steps) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(steps.every(([, ok]) => ok) ? 0 : 1);
