// Import boundaries (issue 15), run by `npm run lint` (scripts/lint.mjs). The layering and the reasons are in
// docs/architecture.md ("Layers and import rules"); this file is its executable form.
const fs = require('node:fs');
const path = require('node:path');

const server = 'apps/server/src';
const web = 'apps/web/src';
const consoleSrc = 'apps/console/src';
/** Test files and test helpers: they may import any layer to build their fixtures (never the other way). */
const testFile = '(\\.test\\.tsx?$|^apps/server/test/|^apps/(web|console)/src/(shared|features/[^/]+)/testing/|^tests/)';

/**
 * The server's layers, bottom first. A file may import its own unit and the units of LOWER ranks only: never a
 * unit of its own rank or above. Units of one rank are independent of each other.
 */
const serverRanks = [
  ['config', `^${server}/config\\.ts$`],
  ['i18n', `^${server}/i18n/`],
  ['lib', `^${server}/lib/`],
  ['db', `^${server}/db/`],
  ['plugins', `^${server}/plugins/`],
  ['modules/audit'],
  ['modules/pricing', 'modules/sms', 'modules/system'],
  ['modules/verification'],
  ['modules/orders', 'modules/session', 'modules/staff'],
  ['modules/ledger'],
  ['modules/payments'],
  ['modules/loan', 'modules/reminders', 'modules/promotion', 'modules/application'],
  // The signed agreement (issue 38) states the loan's confirmation; the loan routes get its submission check from app.ts.
  ['modules/credit', 'modules/agreements'],
  ['modules/repayment', 'modules/complaints', 'modules/support', 'modules/account'],
  ['modules/disbursal'],
  ['modules/statement', 'modules/card-repayment', 'modules/jobs'],
  ['modules/console'],
  // Every module's repositories on one database (the composition root of the repositories).
  ['repositories', `^${server}/repositories\\.ts$`],
  // The demo tools walk the borrower's own flows on their transaction, with its repositories (issue 38: signing).
  ['modules/demo'],
  ['entry', `^${server}/(app|server)\\.ts$|^${server}/cli/`],
].map((rank) => (typeof rank[1] === 'string' && rank[1].startsWith('^') ? [[rank[0], rank[1]]] : rank.map((m) => [m, `^${server}/${m}/`])));

// Every server module must have a place in the order: a new one fails here until it is given one.
const ranked = new Set(serverRanks.flat().map(([name]) => name));
for (const dir of fs.readdirSync(path.join(__dirname, server, 'modules'))) {
  if (!ranked.has(`modules/${dir}`)) throw new Error(`.dependency-cruiser.cjs: add apps/server/src/modules/${dir} to serverRanks`);
}

const serverLayerRules = serverRanks.flatMap((rank, r) =>
  rank.map(([name, from]) => {
    const forbidden = serverRanks.slice(r).flat().filter(([other]) => other !== name).map(([, p]) => p);
    return {
      name: `server-layer:${name}`,
      comment: `${name} imports only lower layers of the server (docs/architecture.md)`,
      severity: 'error',
      from: { path: from, pathNot: testFile },
      to: { path: forbidden.join('|') },
    };
  }),
).filter((rule) => rule.to.path !== '');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      comment: 'the contract is what both apps import: it imports nothing of them',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      comment: 'the web app and the server share only the contract',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: testFile },
      to: { path: '^apps/server/' },
    },
    {
      name: 'console-apart',
      comment: 'the back office console shares only the contract with the web app and the server',
      severity: 'error',
      from: { path: '^apps/console/', pathNot: testFile },
      to: { path: '^apps/(server|web)/' },
    },
    {
      name: 'not-console',
      comment: 'nothing else imports the console',
      severity: 'error',
      from: { path: '^apps/(server|web)/|^packages/' },
      to: { path: '^apps/console/' },
    },
    {
      name: 'console-shared-below-features',
      comment: "the console's shared code imports no screen and no app shell",
      severity: 'error',
      from: { path: `^${consoleSrc}/shared/`, pathNot: testFile },
      to: { path: `^${consoleSrc}/(features|app)/` },
    },
    {
      name: 'console-feature-not-app',
      comment: 'a console screen imports shared and the contract, never the app shell',
      severity: 'error',
      from: { path: `^${consoleSrc}/features/`, pathNot: testFile },
      to: { path: `^${consoleSrc}/app/` },
    },
    {
      name: 'console-no-feature-to-feature',
      comment: 'a console screen never imports another (the shared piece moves to shared/)',
      severity: 'error',
      from: { path: `^${consoleSrc}/features/([^/]+)/`, pathNot: testFile },
      to: { path: `^${consoleSrc}/features/`, pathNot: `^${consoleSrc}/features/$1/` },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/', pathNot: testFile },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-test-imports',
      comment: 'production code never imports a test or a test helper',
      severity: 'error',
      from: { pathNot: testFile },
      to: { path: testFile },
    },
    {
      name: 'web-shared-below-features',
      comment: 'shared (and the legal texts) import no feature, no app code, no promotion page, no site',
      severity: 'error',
      from: { path: `^${web}/(shared|legal)/`, pathNot: testFile },
      to: { path: `^${web}/(features|app|promo)/|^apps/web/site/` },
    },
    {
      name: 'web-feature-not-app',
      comment: 'a feature imports shared, the legal texts and the contract, never the app shell',
      severity: 'error',
      from: { path: `^${web}/features/`, pathNot: testFile },
      to: { path: `^${web}/(app|promo)/|^apps/web/site/` },
    },
    {
      name: 'web-no-feature-to-feature',
      comment: 'a feature never imports another feature (move the shared piece to shared/)',
      severity: 'error',
      from: { path: `^${web}/features/([^/]+)/`, pathNot: testFile },
      to: { path: `^${web}/features/`, pathNot: `^${web}/features/$1/` },
    },
    {
      name: 'web-promo-standalone',
      comment: 'the promotion page is its own build: shared and the contract only',
      severity: 'error',
      from: { path: `^${web}/promo/`, pathNot: testFile },
      to: { path: `^${web}/(features|app|legal)/|^apps/web/site/` },
    },
    {
      name: 'web-site-standalone',
      comment: 'the marketing site is prerendered on its own: shared, the legal texts and the contract only',
      severity: 'error',
      from: { path: '^apps/web/site/', pathNot: testFile },
      to: { path: `^${web}/(features|app|promo)/` },
    },
    ...serverLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    // An absolute path: dependency-cruiser resolves a relative one's "extends" from the wrong folder.
    tsConfig: { fileName: path.join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
