import type { CreditOutcome, CreditReason } from '@presta/contract/application-rules';
import type { MarketCode } from '@presta/contract/markets';

/*
 * The credit policy's shapes (issue 35, docs/credit-policy.md): what a decision reads (CreditInputs, all plain
 * data, stored whole with the decision), the policy of a market and version (CreditPolicy: data), and what it
 * answers (PolicyResult). evaluate-policy.ts is the pure function from the first two to the third: the same inputs
 * and version give the same result, always.
 */

/** The attributes of a bureau report the policy reads (bureau_reports' columns); null: no file. */
export type BureauAttributes = {
  found: boolean;
  score: number | null;
  openAccounts: number | null;
  worstDelinquencyDays: number | null;
  inquiries90d: number | null;
  /** Minor units a month. */
  monthlyPayments: number | null;
  /** YYYY-MM-DD */
  fileBirthDate: string | null;
  /** The name on the file, normalised (normalizeName: capitals, no accents, single spaces). */
  fileNameKey: string | null;
};

/** Our own history with the applicant: their loans (orders disbursed) as of the decision. */
export type OwnHistory = {
  /** Loans settled (status 200). */
  settledLoans: number;
  /** Of those, settled without ever falling overdue. */
  settledOnTime: number;
  /** Whether any loan of theirs was ever 30 or more days overdue. */
  everLate30: boolean;
  /** Loans open now (under review, approved, repaying, overdue). */
  openLoans: number;
};

/** A product the decision may grant a limit on (the market's active products). */
export type ProductTerms = {
  code: string;
  amountMin: number;
  amountMax: number;
  amountStep: number;
  periodsMin: number;
  periodsMax: number;
  termUnitDays: number;
  dailyRatePpm: number;
  commissionPpm: number;
  vatPpm: number;
};

/** Everything a decision reads. Stored as credit_decisions.inputs: a replay reads it back and must agree. */
export type CreditInputs = {
  market: MarketCode;
  /** The decision's day in the market's calendar, YYYY-MM-DD (ages and months count to it). */
  today: string;
  applicant: {
    birthDate: string;
    /** normalizeName of the name on the application (MX names and surnames; IN as on the PAN). */
    nameKey: string;
    /** IN: 'IN' or 'other'; MX: '' (not asked). */
    nationality: string;
    /** IN: declared their permanent address in India; MX: true. */
    permanentAddress: boolean;
    /** YYYY-MM, null: not answered (applications before issue 35). */
    residentSince: string | null;
    workingSince: string | null;
    occupation: string;
    /** Minor units a month. */
    monthlyIncome: number;
    monthlyObligations: number;
  };
  identity: {
    /** Every identity check verified (kyc_checks of the last submission). */
    verified: boolean;
    /** The face match's score 0–100 (null: no face check). */
    faceScore: number | null;
    /** The same identity (CURP, PAN, or Aadhaar last four with name and birth date) under another borrower. */
    usedByAnotherBorrower: boolean;
  };
  /** null: not pulled (no authorisation: the decision declines without a pull). */
  bureau: BureauAttributes | null;
  history: OwnHistory;
  products: ProductTerms[];
};

export type RuleKind = 'knockout' | 'refer';

/** One rule as it applied. */
export type RuleResult = {
  code: CreditReason;
  kind: RuleKind;
  hit: boolean;
  /** The applicant's value and the policy's threshold (numbers in minor units, days, counts; strings as is). */
  value: string | number | boolean | null;
  threshold: string | number | boolean | null;
};

export type ScoreFactor = 'bureau_score' | 'income' | 'obligations_to_income' | 'time_at_address' | 'time_at_employer' | 'own_history';

/** One scorecard line: the factor's value, the bin it fell in (its label) and the points. */
export type PointLine = { factor: ScoreFactor; value: string | number | null; bin: string; points: number };

export type LimitLine = {
  productCode: string;
  /** The limit granted, minor units, on the product's steps (0: none). */
  limitAmount: number;
  /** The most the score band allows on this product. */
  bandMax: number;
  /** The most the affordability rule allows (the instalment within a share of disposable income). */
  affordableMax: number;
};

export type PolicyResult = {
  policyVersion: string;
  outcome: CreditOutcome;
  rules: RuleResult[];
  points: PointLine[];
  score: number;
  /** The score band's name (e.g. 'A', 'B', 'C', 'refer', 'decline'). */
  band: string;
  limits: LimitLine[];
  /** Declined: the knock-outs hit (or the band's reason); referred: the refer rules hit; approved: []. */
  reasons: CreditReason[];
  /** Declined: the first day a new application is taken (today + the policy's wait); otherwise null. */
  reapplyAfter: string | null;
};
