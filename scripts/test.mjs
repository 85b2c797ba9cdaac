// npm test: type check, lint (ESLint, import boundaries, knip: scripts/lint.mjs), the web build, unit/component/API tests (Vitest, including the checks of the built
// marketing site and promotion page), then the Playwright journeys in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './web-build.mjs';
import { buildServer } from './server-build.mjs';

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
// Zero findings (docs/architecture.md, "Lint"); a finding fails the run but the tests still run, so one run tells all.
steps.push(['lint', run('Lint (ESLint, import boundaries, knip)', 'npm', ['run', '--silent', 'lint'])]);

// Built before Vitest, so that its checks of the built files (size budgets, prerendered pages) and of the
// compiled server's production start run too.
let built = false;
try {
  console.log('\n=== Web build and compiled server ===');
  buildWeb();
  await buildServer();
  built = true;
} catch (error) {
  console.error(error);
}
steps.push(['build', built]);

const vitestJson = path.join(resultsDir, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
/** Names of the tests that failed, repeated in the summary (CI keeps only the end of the output). */
const failedNames = [];

let vitestOk = run('Unit, component and API tests (Vitest)', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]);
// The exit code alone is not trusted (a dependency's exit hook once forced 0): the report must exist and show no failure.
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0);
  if ((r.numFailedTests ?? 0) > 0 || (r.numFailedTestSuites ?? 0) > 0 || r.success === false) vitestOk = false;
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      failedNames.push(`vitest ${where}: ${(file.message ?? '').split('\n')[0]}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      failedNames.push(`vitest ${where} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
} else {
  vitestOk = false;
}
steps.push(['vitest', vitestOk]);

let e2eOk = false;
try {
  if (!built) throw new Error('the web build failed: no end-to-end run');
  const e2eJson = path.join(resultsDir, 'playwright.json');
  fs.rmSync(e2eJson, { force: true });
  e2eOk = run('End-to-end journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
  if (fs.existsSync(e2eJson)) {
    const r = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
    passed += r.stats?.expected ?? 0;
    failed += r.stats?.unexpected ?? 0;
    if ((r.stats?.unexpected ?? 0) > 0) e2eOk = false;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue;
          const error = t.results?.at(-1)?.error?.message ?? '';
          failedNames.push(`playwright ${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}: ${error.split('\n')[0]}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title].filter((x) => x && !x.endsWith('.ts')));
    };
    for (const suite of r.suites ?? []) visit(suite, []);
  } else {
    e2eOk = false;
  }
} catch (error) {
  console.error(error);
}
steps.push(['playwright', e2eOk]);

console.log('\n=== Summary ===');
for (const [name, ok] of steps) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
for (const name of failedNames) console.log(`failed: ${name.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 400)}`);
process.exit(steps.every(([, ok]) => ok) ? 0 : 1);
