import type { MarketCode } from '@presta/contract/markets';

/*
 * The credit policy as data (issue 35, docs/credit-policy.md): per market and version, the knock-out and refer
 * thresholds, the scorecard's bins and points, the bands with their cut-offs and limit maxima per product, the
 * affordability share, the waits and the limit increase. evaluate-policy.ts reads it; nothing here computes.
 * A released version is never edited: a change is a new version added to `policies` and named in `inForce`, so
 * every stored decision can be replayed through the version that made it (policyByVersion).
 */

/** A bin of a numeric factor: `min` inclusive (null: no lower bound), the label shown and its points. */
export type ScoreBin = { label: string; min: number | null; points: number };

/** Bins in ascending order of `min`; a value falls in the last bin whose `min` it reaches. */
export type NumericBins = { bins: readonly ScoreBin[]; /** The bin of a missing value. */ none: { label: string; points: number } };

/** A score band: `minScore` inclusive; what the band allows per product code (minor units). */
export type ScoreBand = {
  name: string;
  minScore: number;
  /** approve: offers; refer: a reviewer decides (score_in_review_band). The lowest band below all: declined. */
  decision: 'approve' | 'refer';
  limitMax: Readonly<Record<string, number>>;
};

export type CreditPolicy = {
  version: string;
  market: MarketCode;
  /** The day the version took effect (documentation; policyFor picks by `inForce`). */
  effectiveFrom: string;
  knockouts: {
    minAge: number;
    /** The oldest applicant per product code (whole years); a product not listed takes `maxAgeDefault`. */
    maxAgeByProduct: Readonly<Record<string, number>>;
    maxAgeDefault: number;
    /** India's loan terms: Indian nationals with a permanent address in India. */
    nationalOnly: boolean;
    permanentAddressRequired: boolean;
    /** The face match's lowest score (0–100) accepted. */
    minFaceScore: number;
    /** More days than this of current delinquency on any account knocks out. */
    maxCurrentDelinquencyDays: number;
    /** More inquiries than this in 90 days knocks out. */
    maxInquiries90d: number;
    /** Minor units a month. */
    minMonthlyIncome: number;
    /** A file the bureau does not find knocks out (true) or refers (false). */
    fileNotFoundDeclines: boolean;
  };
  refer: {
    /** Obligations (declared + the bureau's monthly payments) over this share of income refer, basis points. */
    maxObligationsToIncomeBp: number;
  };
  scorecard: {
    bureauScore: NumericBins;
    /** Minor units a month. */
    income: NumericBins;
    /** Basis points of income (RATIO_BP_FLOOR). */
    obligationsToIncome: NumericBins;
    /** Whole months. */
    timeAtAddress: NumericBins;
    timeAtEmployer: NumericBins;
    ownHistory: {
      everLate30: number;
      noHistory: number;
      settledLate: number;
      /** settledOnTime ≥ minOnTime earns points; the highest reached applies. */
      onTime: readonly { label: string; minOnTime: number; points: number }[];
    };
  };
  /** Highest band first. */
  bands: readonly ScoreBand[];
  /** The band below every cut-off: declined with score_below_cutoff. */
  declineBand: string;
  affordability: {
    /** The monthly burden of the instalment at most this share of disposable income, basis points. */
    instalmentShareBp: number;
  };
  reapplyAfterDays: number;
  /** A report younger than this is reused instead of a new pull (the caller applies it). */
  bureauReuseDays: number;
  limitIncrease: {
    /** Loans settled on time needed before an increase is proposed. */
    minSettledOnTime: number;
    /** No increase for anyone ever 30+ days late. */
    excludeEverLate30: boolean;
    /** The proposal looks one band up (A stays A) and grows the limit by at most this factor, ppm. */
    bandStepsUp: number;
    maxGrowthPpm: number;
    /** A proposal not accepted within this many days lapses. */
    proposalValidDays: number;
    /** Applied only after the borrower accepts it (India: recorded consent; both markets in practice). */
    requiresAcceptance: true;
  };
};

const bureauScoreBins: NumericBins = {
  bins: [
    { label: '<550', min: null, points: 0 },
    { label: '550–649', min: 550, points: 15 },
    { label: '650–699', min: 650, points: 30 },
    { label: '700–749', min: 700, points: 45 },
    { label: '≥750', min: 750, points: 60 },
  ],
  none: { label: 'none', points: 15 },
};

const obligationsToIncomeBins: NumericBins = {
  bins: [
    { label: '≤20%', min: null, points: 30 },
    { label: '20–35%', min: 2_001, points: 20 },
    { label: '35–50%', min: 3_501, points: 10 },
    { label: '>50%', min: 5_001, points: 0 },
  ],
  none: { label: 'none', points: 0 },
};

const timeAtAddressBins: NumericBins = {
  bins: [
    { label: '<12m', min: null, points: 0 },
    { label: '12–35m', min: 12, points: 10 },
    { label: '36–71m', min: 36, points: 15 },
    { label: '≥72m', min: 72, points: 20 },
  ],
  none: { label: 'unknown', points: 5 },
};

const timeAtEmployerBins: NumericBins = {
  bins: [
    { label: '<12m', min: null, points: 5 },
    { label: '12–35m', min: 12, points: 10 },
    { label: '≥36m', min: 36, points: 20 },
  ],
  none: { label: 'none', points: 0 },
};

const ownHistory: CreditPolicy['scorecard']['ownHistory'] = {
  everLate30: -60,
  noHistory: 0,
  settledLate: 0,
  onTime: [
    { label: 'on_time_1_2', minOnTime: 1, points: 15 },
    { label: 'on_time_3_plus', minOnTime: 3, points: 30 },
  ],
};

const limitIncrease: CreditPolicy['limitIncrease'] = {
  minSettledOnTime: 1,
  excludeEverLate30: true,
  bandStepsUp: 1,
  maxGrowthPpm: 1_500_000,
  proposalValidDays: 30,
  requiresAcceptance: true,
};

const MX_2026_1: CreditPolicy = {
  version: 'MX-2026.1',
  market: 'MX',
  effectiveFrom: '2026-11-29',
  knockouts: {
    minAge: 18,
    maxAgeByProduct: { 'presta-mx': 70 },
    maxAgeDefault: 70,
    nationalOnly: false,
    permanentAddressRequired: false,
    minFaceScore: 80,
    maxCurrentDelinquencyDays: 30,
    maxInquiries90d: 6,
    minMonthlyIncome: 600_000,
    fileNotFoundDeclines: true,
  },
  refer: { maxObligationsToIncomeBp: 5_000 },
  scorecard: {
    bureauScore: bureauScoreBins,
    income: {
      bins: [
        { label: '<10 000', min: null, points: 0 },
        { label: '10 000–19 999', min: 1_000_000, points: 10 },
        { label: '20 000–39 999', min: 2_000_000, points: 20 },
        { label: '≥40 000', min: 4_000_000, points: 30 },
      ],
      none: { label: 'none', points: 0 },
    },
    obligationsToIncome: obligationsToIncomeBins,
    timeAtAddress: timeAtAddressBins,
    timeAtEmployer: timeAtEmployerBins,
    ownHistory,
  },
  bands: [
    { name: 'A', minScore: 150, decision: 'approve', limitMax: { 'presta-mx': 2_000_000 } },
    { name: 'B', minScore: 130, decision: 'approve', limitMax: { 'presta-mx': 1_200_000 } },
    { name: 'C', minScore: 110, decision: 'approve', limitMax: { 'presta-mx': 600_000 } },
    { name: 'refer', minScore: 90, decision: 'refer', limitMax: { 'presta-mx': 600_000 } },
  ],
  declineBand: 'decline',
  affordability: { instalmentShareBp: 3_000 },
  reapplyAfterDays: 30,
  bureauReuseDays: 30,
  limitIncrease,
};

const IN_2026_1: CreditPolicy = {
  version: 'IN-2026.1',
  market: 'IN',
  effectiveFrom: '2026-11-29',
  knockouts: {
    minAge: 18,
    maxAgeByProduct: { 'presta-in': 60 },
    maxAgeDefault: 60,
    nationalOnly: true,
    permanentAddressRequired: true,
    minFaceScore: 80,
    maxCurrentDelinquencyDays: 30,
    maxInquiries90d: 6,
    minMonthlyIncome: 1_500_000,
    fileNotFoundDeclines: true,
  },
  refer: { maxObligationsToIncomeBp: 5_000 },
  scorecard: {
    bureauScore: bureauScoreBins,
    income: {
      bins: [
        { label: '<20,000', min: null, points: 10 },
        { label: '20,000–39,999', min: 2_000_000, points: 20 },
        { label: '40,000–79,999', min: 4_000_000, points: 25 },
        { label: '≥80,000', min: 8_000_000, points: 30 },
      ],
      none: { label: 'none', points: 0 },
    },
    obligationsToIncome: obligationsToIncomeBins,
    timeAtAddress: timeAtAddressBins,
    timeAtEmployer: timeAtEmployerBins,
    ownHistory,
  },
  bands: [
    { name: 'A', minScore: 150, decision: 'approve', limitMax: { 'presta-in': 10_000_000 } },
    { name: 'B', minScore: 130, decision: 'approve', limitMax: { 'presta-in': 6_000_000 } },
    { name: 'C', minScore: 110, decision: 'approve', limitMax: { 'presta-in': 2_500_000 } },
    { name: 'refer', minScore: 90, decision: 'refer', limitMax: { 'presta-in': 2_500_000 } },
  ],
  declineBand: 'decline',
  affordability: { instalmentShareBp: 3_000 },
  reapplyAfterDays: 30,
  bureauReuseDays: 30,
  limitIncrease,
};

/** Every version ever in force, by name. Never edit one: add a version. */
export const policies: Readonly<Record<string, CreditPolicy>> = {
  [MX_2026_1.version]: MX_2026_1,
  [IN_2026_1.version]: IN_2026_1,
};

/** The version each market decides with today. */
export const inForce: Readonly<Record<MarketCode, string>> = { MX: 'MX-2026.1', IN: 'IN-2026.1' };

export function policyFor(market: MarketCode): CreditPolicy {
  return policyByVersion(inForce[market]);
}

/** A stored decision's version (replays, the back office's explanation); unknown: throws, never guesses. */
export function policyByVersion(version: string): CreditPolicy {
  const policy = policies[version];
  if (!policy) throw new Error(`unknown credit policy version "${version}"`);
  return policy;
}
