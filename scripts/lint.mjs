// npm run lint: the three checks of docs/architecture.md ("Lint"), each run even when one before it fails:
// ESLint (typescript-eslint's type-checked rules, React's hooks rules), dependency-cruiser (the import
// boundaries of .dependency-cruiser.cjs), knip (unused files, exports and dependencies, knip.jsonc).
// Exits 1 when any of them reports a finding.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// ESLint runs without --cache: its cache keys a file's results on that file alone, so a type-checked rule's
// finding goes stale when a file it imports changes (a cached run reported findings fixed since).
const checks = [
  ['ESLint', bin('eslint'), ['--max-warnings', '0', '.']],
  // Twice: the web app and the console both name their src/ '@/', so each is resolved through its own tsconfig.
  ['Import boundaries (dependency-cruiser)', bin('depcruise'), ['--output-type', 'err-long', 'apps/web', 'apps/server', 'packages', 'tests', 'bench', 'scripts']],
  ['Import boundaries of the console (dependency-cruiser)', bin('depcruise'), ['--output-type', 'err-long', '--ts-config', path.join(root, 'apps/console/tsconfig.json'), 'apps/console']],
  ['Unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress']],
];

const results = [];
for (const [title, cmd, args] of checks) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const { status, error } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (error) console.error(error.message);
  const ok = status === 0;
  if (ok) console.log('no findings');
  results.push([title, ok, ((Date.now() - started) / 1000).toFixed(1)]);
}

console.log('\n=== Lint summary ===');
for (const [title, ok, seconds] of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${title} (${seconds} s)`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
