import type { Db } from './db/database';
import { noCacheFeed, type CacheFeed } from './lib/versioned-cache';
import type { Repositories } from './plugins/app/repositories';
import { MyLoansRepository } from './modules/account/my-loans-repository';
import { createOpenOrders } from './modules/account/open-orders-repository';
import { ComplaintRepository } from './modules/complaints/complaint-repository';
import { OrderDetailsRepository } from './modules/loan/order-details-repository';
import { OfferRepository } from './modules/pricing/offer-repository';
import { ProfileRepository } from './modules/session/profile-repository';
import { SessionRepository } from './modules/session/session-repository';

/**
 * Every module's repository, on one database. In the server (app.ts) under the change feed, so their caches are
 * on while it listens; elsewhere (the CLI, tests) under no feed: their caches always miss.
 */
export function createRepositories(db: Db, feed: CacheFeed = noCacheFeed): Repositories {
  return {
    sessions: new SessionRepository(db, feed),
    profiles: new ProfileRepository(db, feed),
    myLoans: new MyLoansRepository(db, feed),
    openOrders: createOpenOrders(feed),
    offers: new OfferRepository(db, feed),
    orderDetails: new OrderDetailsRepository(db, feed),
    complaints: new ComplaintRepository(db, feed),
  };
}
