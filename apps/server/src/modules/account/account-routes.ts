import type { FastifyInstance } from 'fastify';
import {
  accountBankAccount,
  accountBankAccountCode,
  accountBankAccountSave,
  accountHome,
  accountLanguage,
  accountLimitIncrease,
  accountLoans,
  accountOffers,
  accountProfile,
} from '@presta/contract/api/account';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { borrowerContext } from '../../plugins/app/repositories';
import { answerLimitIncreaseCall, getHome, getProfile, listLoans, listOffers, setLanguage } from './account-service';
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

  registerEndpoint(app, accountProfile, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => getProfile(borrowerContext(app, request)),
  });

  registerEndpoint(app, accountLanguage, {
    ...common,
    rateLimit: changeLimit,
    handler: async (input, request) => setLanguage(borrowerContext(app, request), input.language),
  });

  registerEndpoint(app, accountLoans, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => ({ loans: await listLoans(borrowerContext(app, request)) }),
  });

  registerEndpoint(app, accountOffers, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => listOffers(borrowerContext(app, request)),
  });

  registerEndpoint(app, accountHome, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => getHome(borrowerContext(app, request)),
  });

  // A higher limit proposed after a loan was settled (issue 35): accepting is the borrower's recorded consent.
  registerEndpoint(app, accountLimitIncrease, {
    ...common,
    rateLimit: changeLimit,
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) =>
      answerLimitIncreaseCall(borrowerContext(app, request), input, { session: request.borrowerSession.publicId, ip: request.ip }),
  });

  registerEndpoint(app, accountBankAccount, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => ({ account: await getBankAccount(app.db, request.borrower.id, request.lang) }),
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
    // After the commit the account's verification starts (a provider down leaves it pending: the save stands).
    handler: async (input, request) => ({
      account: await changeBankAccount(app.db, request.borrower.id, input, new Date(), { payouts: app.payouts, log: request.log, lang: request.lang }),
    }),
  });
}
