import type { Db } from './db/database';
import { noCacheFeed, type CacheFeed } from './lib/versioned-cache';
import type { Repositories } from './plugins/app/repositories';
import { consoleRepository } from './modules/console/console-repository';
import { MyLoansRepository } from './modules/account/my-loans-repository';
import { ApplicationRepository } from './modules/application/application-repository';
import { ComplaintRepository } from './modules/complaints/complaint-repository';
import { LedgerRepository } from './modules/ledger/ledger-repository';
import { OrderDetailsRepository } from './modules/loan/order-details-repository';
import { OrderRepository } from './modules/orders/order-repository';
import { PaymentReferenceRepository } from './modules/payments/payment-reference-repository';
import { OfferRepository } from './modules/pricing/offer-repository';
import { AgreementRepository } from './modules/repayment/agreement-repository';
import { ProfileRepository } from './modules/session/profile-repository';
import { SessionRepository } from './modules/session/session-repository';
import { StatementRepository } from './modules/statement/statement-repository';

/**
 * Every module's repository, on one database. In the server (app.ts) under the change feed, so their caches are
 * on while it listens; elsewhere (the CLI, tests) under no feed: their caches always miss.
 */
export function createRepositories(db: Db, feed: CacheFeed = noCacheFeed): Repositories {
  const orders = new OrderRepository(db, feed);
  return {
    sessions: new SessionRepository(db, feed),
    profiles: new ProfileRepository(db, feed),
    myLoans: new MyLoansRepository(db, feed),
    offers: new OfferRepository(db, feed),
    orderDetails: new OrderDetailsRepository(db, feed),
    complaints: new ComplaintRepository(db, feed),
    orders,
    ledgers: new LedgerRepository(db, feed),
    paymentReferences: new PaymentReferenceRepository(db, feed),
    agreements: new AgreementRepository(db, orders, feed),
    statements: new StatementRepository(feed),
    console: consoleRepository(db),
    applications: new ApplicationRepository(db),
  };
}
