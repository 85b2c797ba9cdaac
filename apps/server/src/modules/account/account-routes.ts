import type { FastifyInstance } from 'fastify';
import {
  accountBankAccount,
  accountBankAccountCode,
  accountBankAccountSave,
  accountHome,
  accountLanguage,
  accountLoans,
  accountOffers,
  accountProfile,
} from '@presta/contract/api/account';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { VersionedCache } from '../../lib/versioned-cache';
import { dropStaleOpenOrders, type OpenOrdersCache } from '../orders/order-repository';
import { dropStaleOffers, type OffersCache } from '../pricing/loan-offers';
import { dropStaleProfiles, type ProfileCache } from '../session/borrower-profile';
import { getHome, getProfile, listLoans, listOffers, LoansCache, setLanguage } from './account-service';

declare module '../../plugins/app/change-feed' {
  interface AppCaches {
    /** Borrowers' profiles by borrower id. */
    profiles: ProfileCache;
    /** My loans' reads by borrower id. */
    loans: LoansCache;
    /** Borrowers' offers and coupons by borrower id (the account's offers, the confirmation). */
    offers: OffersCache;
    /** Borrowers' open orders by borrower id (one active loan at a time). */
    openOrders: OpenOrdersCache;
  }
}
import { changeBankAccount, getBankAccount, sendBankAccountCode } from './bank-account-service';

/** Reads: generous, but a script polling them is slowed down. */
const readLimit = { max: 60, timeWindow: '1 minute' };
/** Changes of the account. */
const changeLimit = { max: 10, timeWindow: '1 minute' };

/**
 * The borrower's account calls (issue 16, decision 017; docs/account.md): profile, language, my loans, offers,
 * home and the bank account. Borrower calls only; every query filters by the session's borrower.
 */
export default function accountRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  // The pages post these calls with the form client (§7): a JSON or text body is refused with 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const common = { auth: 'borrower' as const, tags: ['account'] };
  const cache = { ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 };
  const profiles: ProfileCache = new VersionedCache(cache);
  app.changeFeed.register('profiles', profiles, (change) => dropStaleProfiles(profiles, change));
  const loans = new LoansCache(cache);
  app.changeFeed.register('loans', loans, (change) => loans.drop(change));
  const offers: OffersCache = new VersionedCache(cache);
  app.changeFeed.register('offers', offers, (change) => dropStaleOffers(offers, change));
  const openOrders: OpenOrdersCache = new VersionedCache(cache);
  app.changeFeed.register('openOrders', openOrders, (change) => dropStaleOpenOrders(openOrders, change));

  registerEndpoint(app, accountProfile, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => getProfile(app.db, request.borrower.id, app.caches),
  });

  registerEndpoint(app, accountLanguage, {
    ...common,
    rateLimit: changeLimit,
    handler: async (input, request) => {
      const profile = await setLanguage(app.db, request.borrower.id, input.language);
      // This process's cached sessions follow at once; the others when the change is announced (borrower:<id>).
      app.caches.sessions.invalidateWhere((session) => session.borrower.id === request.borrower.id);
      return profile;
    },
  });

  registerEndpoint(app, accountLoans, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => ({ loans: await listLoans(app.db, request.borrower.id, request.lang, new Date(), app.caches) }),
  });

  registerEndpoint(app, accountOffers, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => listOffers(app.db, request.borrower.id, app.caches),
  });

  registerEndpoint(app, accountHome, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => getHome(app.db, request.borrower.id, request.lang, new Date(), app.caches),
  });

  registerEndpoint(app, accountBankAccount, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => ({ account: await getBankAccount(app.db, request.borrower.id) }),
  });

  // A change of the bank account, confirmed by an SMS code to the borrower's own phone (decision 017 point 6).
  registerEndpoint(app, accountBankAccountCode, {
    ...common,
    rateLimit: changeLimit,
    refusals: { 429: [errorCodes.rateLimited] },
    handler: async (_input, request) => {
      const { data, outboxId } = await sendBankAccountCode(app.db, request.borrower.id, request.ip);
      // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
      if (outboxId !== undefined) await deliverQueuedSms(app.db, sms, [outboxId], request.log);
      return data;
    },
  });

  registerEndpoint(app, accountBankAccountSave, {
    ...common,
    rateLimit: changeLimit,
    refusals: { 400: [errorCodes.badRequest, errorCodes.smsCodeWrong] },
    handler: async (input, request) => ({ account: await changeBankAccount(app.db, request.borrower.id, input) }),
  });
}
