import type { Db } from './db/database';
import { noCacheFeed, type CacheFeed } from './lib/versioned-cache';
import type { Repositories } from './plugins/app/repositories';
import { LedgerRepository } from './modules/ledger/ledger-repository';
import { OrderRepository } from './modules/orders/order-repository';
import { PaymentReferenceRepository } from './modules/payments/payment-reference-repository';
import { AgreementRepository } from './modules/repayment/agreement-repository';
import { StatementRepository } from './modules/statement/statement-repository';

/**
 * Every module's repository, on one database. In the server (app.ts) under the change feed, so their caches are
 * on while it listens; elsewhere (the CLI, tests) under no feed: their caches always miss.
 */
export function createRepositories(db: Db, feed: CacheFeed = noCacheFeed): Repositories {
  const orders = new OrderRepository(db, feed);
  return {
    orders,
    ledgers: new LedgerRepository(db, feed),
    paymentReferences: new PaymentReferenceRepository(db, feed),
    agreements: new AgreementRepository(db, orders, feed),
    statements: new StatementRepository(feed),
  };
}
