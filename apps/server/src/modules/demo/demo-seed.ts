import { count, sql } from 'drizzle-orm';
import type { Language } from '@presta/contract/language';
import type { OrderStatus } from '@presta/contract/order-status';
import type { Db } from '../../db/database';
import { productCatalogue } from '../../db/catalogue';
import { products } from '../../db/schema';
import { createDemoBorrower, makeOrderInStatus } from './demo-orders';

const SEED_LOCK_KEY = 7_263_002;

type DemoPerson = {
  fullName: string;
  phone: string;
  language: Language;
  productCode: 'presta-mx' | 'presta-in';
  order?: OrderStatus;
  couponAmount?: number;
  staleOffer?: boolean;
};

/** The demo borrowers listed on the test page: one for each step of the journey. */
const demoPeople: DemoPerson[] = [
  { fullName: 'Ana López', phone: '5512340001', language: 'es', productCode: 'presta-mx', couponAmount: 5_000 },
  { fullName: 'Carlos Pérez', phone: '5512340002', language: 'es', productCode: 'presta-mx', staleOffer: true },
  { fullName: 'Lucía Hernández', phone: '5512340003', language: 'es', productCode: 'presta-mx', order: '21' },
  { fullName: 'Jorge Ramírez', phone: '5512340004', language: 'es', productCode: 'presta-mx', order: '174' },
  { fullName: 'María García', phone: '5512340005', language: 'es', productCode: 'presta-mx', order: '180' },
  { fullName: 'Sofía Torres', phone: '5512340006', language: 'es', productCode: 'presta-mx', order: '110' },
  { fullName: 'Priya Sharma', phone: '9876500001', language: 'en', productCode: 'presta-in', order: '151' },
  { fullName: 'Arjun Mehta', phone: '9876500002', language: 'en', productCode: 'presta-in', order: '200' },
];

/**
 * First start only: the product catalogue and the demo borrowers. Runs under
 * an advisory lock, and does nothing when products already exist.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A second process waits for the first's seed, which verifies and pays out through the payout mocks (seconds).
    await tx.execute(sql`set local statement_timeout = '120s'`);
    await tx.execute(sql`set local lock_timeout = '120s'`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(products).values(productCatalogue);
    for (const person of demoPeople) {
      const { borrowerId, product } = await createDemoBorrower(tx, { ...person, isDemo: true });
      if (person.order) {
        await makeOrderInStatus(tx, { borrowerId, productId: product.id, status: person.order, lang: person.language });
      }
    }
    return true;
  });
}
