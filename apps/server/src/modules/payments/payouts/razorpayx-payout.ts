import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { ProviderUnavailable } from '../payment-provider';
import { PayoutRefused, type AccountValidation, type PayoutBeneficiary, type PayoutProvider, type PayoutRequest, type PayoutState } from './payout-provider';
import { isSuccess, razorpayxApi, refusalOf, type RazorpayxApi, type RazorpayxSettings } from './razorpayx-api';
import {
  collectionOf,
  contactReferenceOf,
  IDEMPOTENCY_KEY,
  IMPS_LIMIT,
  narrationOf,
  payoutEntity,
  payoutStateOf,
  razorpayxName,
  validationEntity,
  validationReferenceOf,
  validationStateOf,
  VALIDATION_AMOUNT,
  type RazorpayxPayout,
} from './razorpayx-entities';
import { RAZORPAYX_VERIFICATION, readRazorpayxWebhook } from './razorpayx-webhook';

/*
 * RazorpayX payouts, India (docs/providers/razorpayx.md): a payout goes to a fund account (the borrower's bank
 * account) of a contact (the borrower). Contact and fund account are made on every payout and validation, and RazorpayX
 * answers the existing one when every detail matches ("Create a Contact", "Create a Fund Account"): no table keeps
 * their ids. The payout carries our idempotency key twice: X-Payout-Idempotency (RazorpayX answers a retry with the
 * same body with the same payout) and reference_id (how getPayout finds it after a lost answer).
 */

const PROVIDER = 'razorpayx';
const digits = (phone: string | undefined) => {
  const d = phone?.replace(/[^\d+]/g, '');
  return d && /^\+?\d{8,15}$/.test(d) ? d : undefined;
};

/** The contact and fund account of the beneficiary's account (existing ones answered as they are). PayoutRefused on a 4xx. */
async function fundAccountOf(api: RazorpayxApi, b: PayoutBeneficiary): Promise<string> {
  if (!b.ifsc) throw new PayoutRefused(PROVIDER, 'the bank account has no IFSC');
  const contactBody = {
    name: razorpayxName(b.name, 50),
    type: 'customer',
    reference_id: contactReferenceOf(b),
    ...(digits(b.phone) ? { contact: digits(b.phone) } : {}),
    ...(b.email ? { email: b.email } : {}),
  };
  const contact = await api.call({ name: 'create contact', method: 'POST', path: '/v1/contacts', body: contactBody });
  if (!isSuccess(contact)) throw new PayoutRefused(PROVIDER, `contact: ${refusalOf(contact)}`);
  if (typeof contact.body.id !== 'string') throw new ProviderUnavailable(PROVIDER, 'create contact: no id');
  const bank_account = { name: razorpayxName(b.name, 120), ifsc: b.ifsc.toUpperCase(), account_number: b.accountNumber };
  const fa = await api.call({ name: 'create fund account', method: 'POST', path: '/v1/fund_accounts', body: { contact_id: contact.body.id, account_type: 'bank_account', bank_account } });
  if (!isSuccess(fa)) throw new PayoutRefused(PROVIDER, `fund account: ${refusalOf(fa)}`);
  if (typeof fa.body.id !== 'string') throw new ProviderUnavailable(PROVIDER, 'create fund account: no id');
  return fa.body.id;
}

/** The payout under our reference (GET /v1/payouts?account_number=&reference_id=); a processed one first if several. */
async function findPayout(api: RazorpayxApi, key: string): Promise<RazorpayxPayout | undefined> {
  const query = new URLSearchParams({ account_number: api.accountNumber, reference_id: key, count: '100' });
  const answer = await api.call({ name: 'fetch payouts', method: 'GET', path: `/v1/payouts?${query.toString()}` });
  if (!isSuccess(answer)) throw new ProviderUnavailable(PROVIDER, `fetch payouts: ${refusalOf(answer)}`);
  const read = collectionOf(payoutEntity).safeParse(answer.body);
  if (!read.success) throw new ProviderUnavailable(PROVIDER, 'fetch payouts: unreadable');
  const ours = read.data.filter((p) => p.reference_id === key);
  const rank = (p: RazorpayxPayout) => ['processed', 'processing', 'queued', 'pending', 'scheduled'].indexOf(p.status) >>> 0;
  return ours.sort((a, b) => rank(a) - rank(b))[0];
}

async function createPayout(api: RazorpayxApi, request: PayoutRequest): Promise<PayoutState> {
  if (!IDEMPOTENCY_KEY.test(request.idempotencyKey)) throw new RangeError('a RazorpayX idempotency key is 4 to 36 letters, digits, spaces, - or _');
  if (request.currency !== 'INR' || !Number.isSafeInteger(request.amount) || request.amount < 100) throw new RangeError('a RazorpayX payout is at least 100 paise in INR');
  const fundAccountId = await fundAccountOf(api, request.beneficiary);
  const body = {
    account_number: api.accountNumber,
    fund_account_id: fundAccountId,
    amount: request.amount,
    currency: 'INR',
    mode: request.amount <= IMPS_LIMIT ? 'IMPS' : 'NEFT',
    purpose: 'payout',
    queue_if_low_balance: true,
    reference_id: request.idempotencyKey,
    narration: narrationOf(request.concept),
    notes: { order_no: request.orderNo },
  };
  const headers = { 'X-Payout-Idempotency': request.idempotencyKey };
  const answer = await api.call({ name: 'create payout', method: 'POST', path: '/v1/payouts', body, headers });
  if (isSuccess(answer)) {
    const payout = payoutEntity.safeParse(answer.body);
    if (payout.success) return payoutStateOf(payout.data, new Date());
    throw new ProviderUnavailable(PROVIDER, 'create payout: unreadable payout');
  }
  // A refusal may be of a key already used (a body that differs from the first): the payout it made stands.
  const existing = await findPayout(api, request.idempotencyKey);
  if (existing) return payoutStateOf(existing, new Date());
  throw new PayoutRefused(PROVIDER, refusalOf(answer));
}

/** Our validation under `reference` (its notes), among the newest 300 of the account. */
async function findValidation(api: RazorpayxApi, reference: string) {
  for (let skip = 0; skip < 300; skip += 100) {
    const query = new URLSearchParams({ account_number: api.accountNumber, count: '100', skip: String(skip) });
    const answer = await api.call({ name: 'fetch validations', method: 'GET', path: `/v1/fund_accounts/validations?${query.toString()}` });
    if (!isSuccess(answer)) throw new ProviderUnavailable(PROVIDER, `fetch validations: ${refusalOf(answer)}`);
    const page = collectionOf(validationEntity).safeParse(answer.body);
    if (!page.success) throw new ProviderUnavailable(PROVIDER, 'fetch validations: unreadable');
    const found = page.data.find((v) => validationReferenceOf(v) === reference);
    if (found || page.data.length < 100) return found;
  }
  return undefined;
}

async function validateAccount(api: RazorpayxApi, input: { reference: string; beneficiary: PayoutBeneficiary }): Promise<AccountValidation> {
  const { reference, beneficiary } = input;
  const existing = await findValidation(api, reference);
  if (existing) return validationStateOf(existing, reference);
  let fundAccountId: string;
  try {
    fundAccountId = await fundAccountOf(api, beneficiary);
  } catch (error) {
    if (error instanceof PayoutRefused) return { status: 'failed', reference, reason: error.reason };
    throw error;
  }
  const body = { account_number: api.accountNumber, fund_account: { id: fundAccountId }, amount: VALIDATION_AMOUNT, currency: 'INR', notes: { reference, account_id: String(beneficiary.accountId) } };
  const answer = await api.call({ name: 'validate fund account', method: 'POST', path: '/v1/fund_accounts/validations', body });
  if (!isSuccess(answer)) return { status: 'failed', reference, reason: refusalOf(answer) };
  const validation = validationEntity.safeParse(answer.body);
  if (!validation.success) throw new ProviderUnavailable(PROVIDER, 'validate fund account: unreadable');
  return validationStateOf(validation.data, reference);
}

async function getValidation(api: RazorpayxApi, reference: string, providerReference: string | undefined): Promise<AccountValidation> {
  if (providerReference && /^fav_[A-Za-z0-9]{4,40}$/.test(providerReference)) {
    const answer = await api.call({ name: 'fetch validation', method: 'GET', path: `/v1/fund_accounts/validations/${providerReference}` });
    const validation = isSuccess(answer) ? validationEntity.safeParse(answer.body) : undefined;
    if (validation?.success) return validationStateOf(validation.data, reference);
  }
  const found = await findValidation(api, reference);
  return found ? validationStateOf(found, reference) : { status: 'failed', reference, reason: 'RazorpayX has no validation under this reference' };
}

/** The settings the adapter cannot work without, or the names of those missing. */
function settingsOf(config: Config): RazorpayxSettings | string[] {
  const x = config.payouts.razorpayx;
  const missing = (
    [
      ['RAZORPAYX_KEY_ID', x.keyId],
      ['RAZORPAYX_KEY_SECRET', x.keySecret],
      ['RAZORPAYX_ACCOUNT_NUMBER', x.accountNumber],
      ['RAZORPAYX_WEBHOOK_SECRET', x.webhookSecret],
    ] as const
  ).flatMap(([name, value]) => (value ? [] : [name]));
  if (missing.length > 0) return missing;
  return { apiUrl: x.apiUrl, keyId: x.keyId!, keySecret: x.keySecret!, accountNumber: x.accountNumber!, webhookSecret: x.webhookSecret!, timeoutMs: config.payouts.timeoutMs };
}

/**
 * The RazorpayX payout provider. Without its settings (development without the mock) it is built all the same and
 * every call rejects with ProviderUnavailable naming what is missing (production refuses to start without them).
 */
export function createRazorpayxPayouts({ config, log }: { config: Config; log?: FastifyBaseLogger }): PayoutProvider {
  const settings = settingsOf(config);
  const made = Array.isArray(settings) ? undefined : { api: razorpayxApi(settings, log), secret: settings.webhookSecret };
  /** Throws inside the async calls below: their promise rejects. */
  const ready = (): { api: RazorpayxApi; secret: string } => {
    if (!made) throw new ProviderUnavailable(PROVIDER, `not configured: ${(settings as string[]).join(', ')}`);
    return made;
  };
  return {
    id: PROVIDER,
    market: 'IN',
    verification: RAZORPAYX_VERIFICATION,
    createPayout: async (request) => createPayout(ready().api, request),
    getPayout: async (key) => {
      const payout = await findPayout(ready().api, key);
      return payout ? payoutStateOf(payout, new Date()) : { status: 'unknown' };
    },
    handleWebhook: (incoming, now) => {
      try {
        return Promise.resolve(readRazorpayxWebhook(incoming, ready().secret, now));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    validateAccount: async (input) => validateAccount(ready().api, input),
    getValidation: async (reference, providerReference) => getValidation(ready().api, reference, providerReference),
  };
}
