import type { Normalised } from '@presta/contract/envelope';
import type { BankAccount, HomeData, LimitIncrease, LoanSummary, Offer, Profile, SessionSummary } from '../api/account-data';

/** Sample answers shaped by the contract schemas (packages/contract/src/api/account.ts; money in minor units). */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return { fullName: 'Ana López', maskedPhone: '******0001', language: 'es', market: 'MX', ...overrides };
}

export function loanSummary(overrides: Partial<LoanSummary> = {}): LoanSummary {
  return {
    signedAgreement: null,
    orderId: '12',
    orderNo: 'PR2025000012',
    status: '174',
    statusText: 'En periodo de pago',
    productId: '1',
    productName: 'Presta MX',
    market: 'MX',
    principal: 500000,
    totalOwed: 525000,
    outstanding: 262500,
    nextPayment: { dueDate: '2025-07-15', amount: 262500 },
    appliedOn: '2025-06-30',
    disbursedOn: '2025-07-01',
    ...overrides,
  };
}

export function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    productId: '1',
    productName: 'Presta MX',
    productLogo: '/assets/logos/presta-mx.svg',
    market: 'MX',
    amountMin: 100000,
    amountMax: 500000,
    amountStep: 50000,
    periodsMin: 1,
    periodsMax: 4,
    termUnitDays: 15,
    dailyRate: '0,10%',
    ...overrides,
  };
}

/** A higher limit proposed after a loan repaid well (issue 35). */
export function limitIncrease(overrides: Partial<LimitIncrease> = {}): LimitIncrease {
  return {
    proposalId: '41',
    productId: '1',
    productName: 'Presta MX',
    market: 'MX',
    currentLimit: 500000,
    proposedLimit: 800000,
    expiresAt: '2026-12-15T05:59:59.000Z',
    ...overrides,
  };
}

export function homeData(overrides: Partial<HomeData> = {}): HomeData {
  return { profile: profile(), activeLoan: null, offers: [offer()], application: null, limitIncreases: [], ...overrides };
}

export function session(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    ref: 'a'.repeat(32),
    deviceName: 'Pixel 7',
    os: 'Android 14',
    client: 'app',
    createdAt: '2025-07-01T10:00:00.000Z',
    lastSeenAt: '2025-07-02T10:00:00.000Z',
    current: false,
    ...overrides,
  };
}

export function bankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return { market: 'MX', kind: 'clabe', masked: '**** 1234', bankName: 'BBVA México', ifsc: null, since: '2025-06-01', ...overrides };
}

export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '0', message: '', data, raw: { code: '0', data } };
}

/** A refusal of the server: its code and its message. */
export function refused<T = unknown>(code: string, message: string): Normalised<T> {
  return { success: false, code, message, data: null, raw: { success: false, code, message, data: null } };
}

/** A promise resolved by the test (an answer still on its way: the page shows its progress). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
