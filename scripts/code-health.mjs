// npm run -s health: the code-health figures of issue 33, for a closing note's before and after.
// Counts, over the TypeScript sources of apps/ and packages/ (tests and generated files left out):
// functions with more than 5 parameters, functions over 80 lines, files over 500 lines, lines naming a
// cache in the domain services, and the words of docs/ and the README. `--list` names each finding.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const list = process.argv.includes('--list');
const skipDirs = new Set(['node_modules', 'dist', 'generated', 'testing']);

function walk(dir, keep, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name)) walk(full, keep, out);
    } else if (keep(full)) out.push(full);
  }
  return out;
}

const isSource = (file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(file);
const sources = ['apps', 'packages'].flatMap((dir) => walk(path.join(root, dir), isSource)).filter((f) => !f.includes(`${path.sep}test${path.sep}`));
const rel = (file) => path.relative(root, file);

/** A domain service: a server module's file that is neither its routes, its plugin nor its repository. */
const isDomainService = (file) => /apps\/server\/src\/modules\//.test(rel(file)) && !/-(routes|plugin|repository)\.ts$/.test(file);

function functionsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const end = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonymous)');
      found.push({ where: `${rel(file)}:${start} ${name}`, params: node.parameters.length, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { lines: text.split('\n').length, functions: found };
}

const words = (file) => fs.readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).length;
const docs = walk(path.join(root, 'docs'), (f) => f.endsWith('.md'));

const manyParams = [];
const longFunctions = [];
const longFiles = [];
const cacheLines = [];
for (const file of sources) {
  const { lines, functions } = functionsOf(file);
  if (lines > 500) longFiles.push(`${rel(file)} (${lines})`);
  for (const fn of functions) {
    if (fn.params > 5) manyParams.push(`${fn.where} (${fn.params})`);
    if (fn.lines > 80) longFunctions.push(`${fn.where} (${fn.lines})`);
  }
  if (isDomainService(file)) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/cache/i.test(line)) cacheLines.push(`${rel(file)}:${i + 1}`);
    });
  }
}

const decisions = docs.filter((f) => f.includes(`${path.sep}decisions${path.sep}`));
const rows = [
  ['lines naming a cache in domain services', cacheLines],
  ['functions with more than 5 parameters', manyParams],
  ['functions over 80 lines', longFunctions],
  ['files over 500 lines', longFiles],
  ['decision records over 600 words', decisions.filter((f) => words(f) > 600).map((f) => `${rel(f)} (${words(f)})`)],
];
for (const [label, found] of rows) {
  console.log(`${label}: ${found.length}`);
  if (list) for (const item of found) console.log(`  ${item}`);
}
console.log(`words in docs/: ${docs.reduce((sum, f) => sum + words(f), 0)}`);
console.log(`words in README.md: ${words(path.join(root, 'README.md'))}`);
