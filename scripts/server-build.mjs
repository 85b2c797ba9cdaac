// Compiles the server for production: apps/server/src → apps/server/dist (one ES module per entry, with
// source maps). The workspace's own TypeScript (the server and @presta/contract) is bundled; every npm
// package stays an import, resolved from node_modules at run time. No tsx at run time.
//
//   dist/server.js  the server (`npm run serve`, or `node apps/server/dist/server.js` in a container)
//   dist/ops.js     the operator command (`node apps/server/dist/ops.js <command>`)
//
// The compiled entries default to PRESTA_ENV=production: a forgotten variable never starts the demo.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');

/** Every npm package the server or the contract depends on stays external; the workspace is bundled. */
function externalPackages() {
  const names = new Set();
  for (const manifest of ['package.json', 'apps/server/package.json', 'packages/contract/package.json']) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, manifest), 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(pkg[field] ?? {})) if (!name.startsWith('@presta/')) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(serverDir, 'src/server.ts'), ops: path.join(serverDir, 'src/cli/ops.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    external: externalPackages(),
    banner: { js: "process.env.PRESTA_ENV ??= 'production';" },
    logLevel: 'warning',
  });
  console.log(`Compiled the server to ${path.relative(root, outdir)}/ (server.js, ops.js)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
