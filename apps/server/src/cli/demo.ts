/**
 * npm run demo -- order --status <21|151|110|174|180|200> [--lang es|en]
 *
 * Creates a borrower with a live session and an order in that status, in the
 * database the server uses, and prints one JSON object with the API base, the
 * session parameters by their real names, the ids and links to the pages.
 */
import { parseArgs } from 'node:util';
import { isOrderStatus } from '@presta/contract/order-status';
import { loadConfig } from '../config';
import { openDatabase, runMigrations } from '../db/database';
import { seedDemoData } from '../db/seed';
import { createDemoBorrower, makeOrderInStatus } from '../modules/demo/demo-orders';
import { pageLinks, sessionQueryParams } from '../modules/demo/demo-links';
import { createSession } from '../modules/session/session-service';
import { AppError } from '../lib/app-error';
import { translate } from '../i18n/messages';

const usage = `Usage:
  npm run demo -- order --status <21|151|110|174|180|200> [--lang es|en]`;

const firstNames = { es: ['Valeria', 'Diego', 'Camila', 'Mateo', 'Regina', 'Santiago'], en: ['Ananya', 'Rohan', 'Kavya', 'Vikram', 'Isha', 'Aditya'] };
const lastNames = { es: ['Navarro', 'Castillo', 'Morales', 'Ortega', 'Delgado', 'Vega'], en: ['Iyer', 'Kapoor', 'Nair', 'Reddy', 'Gupta', 'Bose'] };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { status: { type: 'string' }, lang: { type: 'string', default: 'es' } },
  });
  const [command] = positionals;
  if (command !== 'order') throw new UsageError(usage);
  const status = values.status ?? '';
  if (!isOrderStatus(status)) throw new UsageError(`--status must be one of 21, 151, 110, 174, 180, 200.\n${usage}`);
  const lang = values.lang === 'en' ? 'en' : values.lang === 'es' ? 'es' : undefined;
  if (!lang) throw new UsageError(`--lang must be es or en.\n${usage}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedPgPort: config.embeddedPgPort, max: 2 });
  try {
    await runMigrations(database);
    await seedDemoData(database.db);
    const result = await database.db.transaction(async (tx) => {
      const { borrowerId, product } = await createDemoBorrower(tx, {
        fullName: `${pick(firstNames[lang])} ${pick(lastNames[lang])}`,
        language: lang,
        productCode: lang === 'en' ? 'presta-in' : 'presta-mx',
      });
      const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status, lang });
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'demo-cli', ttlHours: config.sessionTtlHours });
      return { borrowerId, productId: product.id, order, sessionId };
    });
    const params = sessionQueryParams({ sessionId: result.sessionId, language: lang, productId: result.productId, orderId: result.order.orderId });
    const out = {
      apiBase: config.publicBaseUrl,
      params,
      borrowerId: String(result.borrowerId),
      productId: String(result.productId),
      orderId: String(result.order.orderId),
      orderNo: result.order.orderNo,
      status,
      urls: pageLinks(config.publicBaseUrl, params),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message);
  else if (error instanceof AppError) console.error(translate('en', error.messageKey, error.vars));
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
