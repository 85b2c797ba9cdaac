import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditReasons, occupations, type CreditReason } from '@presta/contract/application-rules';
import { policies, policyByVersion, policyFor } from './credit-policy';
import { evaluatePolicy } from './evaluate-policy';
import { monthlyBudget, monthlyBurden } from './policy-limits';
import { catalogueTerms, demoInputs } from './policy-test-inputs';
import type { BureauAttributes, CreditInputs, PolicyResult, ProductTerms } from './policy-types';

const markets = ['MX', 'IN'] as const;
const decide = (inputs: CreditInputs) => evaluatePolicy(policyFor(inputs.market), inputs);
const hits = (r: PolicyResult) => r.rules.filter((x) => x.hit).map((x) => x.code);

/** The sandbox bureau's profiles as the policy reads them (bureau-sandbox-data.ts makes the same files). */
const profiles: Record<string, Partial<BureauAttributes> | null> = {
  clean_high: { score: 780, monthlyPayments: 100_000 },
  clean_mid: { score: 620, monthlyPayments: 400_000 },
  clean_low: { score: 520, monthlyPayments: 700_000 },
  thin: { score: null, openAccounts: 0, monthlyPayments: 0, inquiries90d: 0 },
  delinquent: { score: 540, worstDelinquencyDays: 60 },
  inquiries: { score: 680, inquiries90d: 9 },
  not_found: { found: false, score: null, openAccounts: null, worstDelinquencyDays: null, inquiries90d: null, monthlyPayments: null, fileBirthDate: null, fileNameKey: null },
  mismatch: { fileBirthDate: '1991-05-14' },
};

describe('the policy versions', () => {
  it('each market has one in force; every version is found by name and an unknown one throws', () => {
    expect(policyFor('MX').version).toBe('MX-2026.1');
    expect(policyFor('IN').version).toBe('IN-2026.1');
    for (const [name, policy] of Object.entries(policies)) expect(policyByVersion(name)).toBe(policy);
    expect(() => policyByVersion('MX-1999.1')).toThrow(/unknown credit policy version/);
  });

  it.each(markets)('%s: bands from the highest cut-off down, each with a maximum for every product of the market', (market) => {
    const policy = policyFor(market);
    const cutoffs = policy.bands.map((b) => b.minScore);
    expect(cutoffs).toEqual([...cutoffs].sort((a, b) => b - a));
    for (const band of policy.bands) {
      for (const product of catalogueTerms(market)) expect(band.limitMax[product.code], `${band.name} ${product.code}`).toBeGreaterThan(0);
    }
  });

  it('refuses inputs of the other market', () => {
    expect(() => evaluatePolicy(policyFor('MX'), demoInputs('IN'))).toThrow(/MX's, not IN's/);
  });
});

describe('the demo applicant with each sandbox bureau profile', () => {
  const expected: Record<string, [PolicyResult['outcome'], string[]]> = {
    clean_high: ['approved', []],
    clean_mid: ['referred', ['score_in_review_band']],
    clean_low: ['declined', ['score_below_cutoff']],
    thin: ['referred', ['thin_file', 'score_in_review_band']],
    delinquent: ['declined', ['current_delinquency']],
    inquiries: ['declined', ['too_many_inquiries']],
    not_found: ['declined', ['bureau_file_not_found']],
    mismatch: ['declined', ['bureau_data_mismatch']],
  };
  for (const market of markets) {
    it.each(Object.keys(profiles))(`${market} %s`, (profile) => {
      const result = decide(demoInputs(market, profiles[profile]));
      expect([result.outcome, result.reasons]).toEqual(expected[profile]);
      expect(result.reapplyAfter).toBe(result.outcome === 'declined' ? '2026-12-29' : null);
      if (result.outcome !== 'declined') expect(result.limits.every((l) => l.limitAmount > 0)).toBe(true);
    });
  }

  it('clean_high: band A, limits capped by affordability, each line explained', () => {
    const mx = decide(demoInputs('MX', profiles.clean_high));
    expect([mx.score, mx.band]).toEqual([150, 'A']);
    expect(mx.points.map((p) => [p.factor, p.bin, p.points])).toEqual([
      ['bureau_score', '≥750', 60],
      ['income', '20 000–39 999', 20],
      ['obligations_to_income', '≤20%', 30],
      ['time_at_address', '≥72m', 20],
      ['time_at_employer', '≥36m', 20],
      ['own_history', 'none', 0],
    ]);
    // Budget 30 % of (22 000 − 3 000 − 1 000) = 5 400.00; the 15-day instalment twice a month: 14 500.00 fits, 15 000.00 not.
    expect(mx.limits).toEqual([{ productCode: 'presta-mx', limitAmount: 1_450_000, bandMax: 2_000_000, affordableMax: 1_450_000 }]);
    const inputs = demoInputs('MX', profiles.clean_high);
    const budget = monthlyBudget(policyFor('MX'), inputs);
    expect(budget).toBe(540_000);
    const [product] = inputs.products as [ProductTerms];
    expect(monthlyBurden(inputs, product, 1_450_000)).toBeLessThanOrEqual(budget);
    expect(monthlyBurden(inputs, product, 1_500_000)).toBeGreaterThan(budget);
    const india = decide(demoInputs('IN', profiles.clean_high));
    expect(india.band).toBe('A');
    expect(india.limits[0]!.limitAmount).toBe(india.limits[0]!.affordableMax);
  });
});

describe('each reason code', () => {
  const reasonsOf = (market: 'MX' | 'IN', change: (i: CreditInputs) => void) => {
    const inputs = demoInputs(market, profiles.clean_high);
    change(inputs);
    // The file's birth date follows the application's unless the case is about the file.
    if (inputs.bureau?.fileBirthDate === '1992-05-14') inputs.bureau.fileBirthDate = inputs.applicant.birthDate;
    return decide(inputs);
  };

  const cases: [CreditReason, 'MX' | 'IN', (i: CreditInputs) => void][] = [
    ['age_under_minimum', 'MX', (i) => { i.applicant.birthDate = '2008-11-30'; }],
    ['age_over_maximum', 'IN', (i) => { i.applicant.birthDate = '1965-11-28'; }],
    ['age_over_maximum', 'MX', (i) => { i.applicant.birthDate = '1955-01-01'; }],
    ['not_national', 'IN', (i) => { i.applicant.nationality = 'other'; }],
    ['no_permanent_address', 'IN', (i) => { i.applicant.permanentAddress = false; }],
    ['identity_not_verified', 'MX', (i) => { i.identity.verified = false; }],
    ['face_score_low', 'MX', (i) => { i.identity.faceScore = 79; }],
    ['face_score_low', 'IN', (i) => { i.identity.faceScore = null; }],
    ['identity_in_use', 'IN', (i) => { i.identity.usedByAnotherBorrower = true; }],
    ['income_below_minimum', 'MX', (i) => { Object.assign(i.applicant, { monthlyIncome: 599_999, monthlyObligations: 0 }); }],
    ['income_below_minimum', 'IN', (i) => { Object.assign(i.applicant, { monthlyIncome: 1_499_999, monthlyObligations: 0 }); }],
    ['bureau_data_mismatch', 'MX', (i) => { i.bureau!.fileNameKey = 'MARIA FERNANDA PEREZ HERNANDEZ'; }],
    ['bureau_file_not_found', 'MX', (i) => { i.bureau = null; }],
    ['current_delinquency', 'IN', (i) => { i.bureau!.worstDelinquencyDays = 31; }],
    ['too_many_inquiries', 'IN', (i) => { i.bureau!.inquiries90d = 7; }],
  ];
  it.each(cases)('%s declines (%s)', (code, market, change) => {
    const result = reasonsOf(market, change);
    expect(result.outcome).toBe('declined');
    expect(result.reasons).toContain(code);
    expect(result.limits.every((l) => l.limitAmount === 0)).toBe(true);
  });

  it('the edges do not decline: 18 today, the oldest age, the face threshold, 30 days late, 6 inquiries, the minimum income', () => {
    expect(reasonsOf('MX', (i) => (i.applicant.birthDate = '2008-11-29')).outcome).toBe('approved');
    expect(reasonsOf('IN', (i) => (i.applicant.birthDate = '1966-01-01')).outcome).toBe('approved');
    expect(reasonsOf('MX', (i) => (i.identity.faceScore = 80)).outcome).toBe('approved');
    expect(reasonsOf('MX', (i) => (i.bureau!.worstDelinquencyDays = 30)).outcome).toBe('approved');
    expect(reasonsOf('MX', (i) => (i.bureau!.inquiries90d = 6)).outcome).toBe('approved');
    const minimum = reasonsOf('MX', (i) => Object.assign(i.applicant, { monthlyIncome: 600_000, monthlyObligations: 0 }));
    expect(hits(minimum)).not.toContain('income_below_minimum');
  });

  it('names compare word by word: the shorter within the longer, accents and Ñ aside', () => {
    const named = (fileNameKey: string) => reasonsOf('MX', (i) => (i.bureau!.fileNameKey = fileNameKey));
    expect(named('MARIA LOPEZ').outcome).toBe('approved');
    expect(named('LOPEZ HERNANDEZ MARIA FERNANDA').outcome).toBe('approved');
    expect(named('MARIA FERNANDA LOPEZ HERNANDEZ DE LA O').outcome).toBe('approved');
    expect(named('MARIA MARIA').reasons).toEqual(['bureau_data_mismatch']);
    expect(named('JUANA LOPEZ').reasons).toEqual(['bureau_data_mismatch']);
    const nunez = demoInputs('MX', { fileNameKey: 'JOSE NUNEZ' });
    nunez.applicant.nameKey = 'JOSÉ NÚÑEZ';
    expect(decide(nunez).outcome).toBe('approved');
  });

  it('bureau_file_not_found: a file not found and a report not pulled both decline; the rule says which', () => {
    const notFound = decide(demoInputs('MX', profiles.not_found));
    expect(notFound.rules.find((r) => r.code === 'bureau_file_not_found')).toMatchObject({ kind: 'knockout', hit: true, value: 'not_found' });
    const notPulled = decide(demoInputs('IN', null));
    expect(notPulled.rules.find((r) => r.code === 'bureau_file_not_found')).toMatchObject({ kind: 'knockout', hit: true, value: 'not_pulled' });
    // Thin-file lending: a version may refer a file not found instead.
    const referring = { ...policyFor('MX'), knockouts: { ...policyFor('MX').knockouts, fileNotFoundDeclines: false } };
    const referred = evaluatePolicy(referring, demoInputs('MX', profiles.not_found));
    expect([referred.outcome, referred.reasons]).toEqual(['referred', ['bureau_file_not_found', 'score_in_review_band']]);
  });

  it('over_indebted refers: obligations and bureau payments over half the income', () => {
    const result = reasonsOf('MX', (i) => Object.assign(i.applicant, { monthlyObligations: 1_000_000 }));
    // (10 000 + 1 000 of the bureau's) / 22 000 = 50 %: not over.
    expect(result.rules.find((r) => r.code === 'over_indebted')).toMatchObject({ hit: false, value: 5_000, threshold: 5_000 });
    const over = reasonsOf('MX', (i) => Object.assign(i.applicant, { monthlyObligations: 1_000_220 }));
    expect(over.rules.find((r) => r.code === 'over_indebted')).toMatchObject({ hit: true, value: 5_001 });
    expect(over.outcome).toBe('referred');
    expect(over.reasons).toContain('over_indebted');
  });

  it('no_affordable_amount declines a lending band when nothing fits the budget', () => {
    const result = reasonsOf('MX', (i) => Object.assign(i.applicant, { monthlyIncome: 700_000, monthlyObligations: 590_000 }));
    expect(result.band).not.toBe('decline');
    expect(result.reasons).toEqual(['no_affordable_amount']);
  });

  it('no product, or a product without a step, offers nothing: no_affordable_amount', () => {
    expect(decide({ ...demoInputs('MX'), products: [] }).reasons).toEqual(['no_affordable_amount']);
    const stepless = demoInputs('IN');
    stepless.products = stepless.products.map((p) => ({ ...p, amountStep: 0 }));
    expect(decide(stepless)).toMatchObject({ outcome: 'declined', reasons: ['no_affordable_amount'] });
  });

  it('India records nationality and permanent address; Mexico has neither rule', () => {
    const codes = (market: 'MX' | 'IN') => decide(demoInputs(market)).rules.map((r) => r.code);
    expect(codes('IN')).toEqual(expect.arrayContaining(['not_national', 'no_permanent_address']));
    expect(codes('MX')).not.toContain('not_national');
    expect(codes('MX')).not.toContain('no_permanent_address');
  });

  it('our own history: settled on time raises the score, a loan ever 30 days late lowers it whatever else', () => {
    const withHistory = (history: CreditInputs['history']) => decide({ ...demoInputs('MX', profiles.clean_mid), history });
    const base = decide(demoInputs('MX', profiles.clean_mid)).score;
    expect(withHistory({ settledLoans: 1, settledOnTime: 1, everLate30: false, openLoans: 0 }).score).toBe(base + 15);
    expect(withHistory({ settledLoans: 3, settledOnTime: 3, everLate30: false, openLoans: 0 }).score).toBe(base + 30);
    expect(withHistory({ settledLoans: 2, settledOnTime: 0, everLate30: false, openLoans: 0 }).score).toBe(base);
    expect(withHistory({ settledLoans: 5, settledOnTime: 4, everLate30: true, openLoans: 0 })).toMatchObject({ score: base - 60, outcome: 'declined', reasons: ['score_below_cutoff'] });
  });

  it('time at address unknown and no employer fall in bins of their own', () => {
    const inputs = demoInputs('MX');
    Object.assign(inputs.applicant, { residentSince: null, occupation: 'student', workingSince: '2020-01' });
    const points = decide(inputs).points;
    expect(points.find((p) => p.factor === 'time_at_address')).toMatchObject({ value: null, bin: 'unknown', points: 5 });
    expect(points.find((p) => p.factor === 'time_at_employer')).toMatchObject({ value: null, bin: 'none', points: 0 });
  });
});

const productArb: fc.Arbitrary<ProductTerms> = fc
  .record({
    step: fc.constantFrom(10_000, 50_000, 100_000),
    minSteps: fc.integer({ min: 1, max: 5 }),
    span: fc.integer({ min: 0, max: 60 }),
    periodsMax: fc.integer({ min: 1, max: 8 }),
    termUnitDays: fc.constantFrom(7, 14, 15, 30, 91),
    dailyRatePpm: fc.integer({ min: 0, max: 3_000 }),
    commissionPpm: fc.integer({ min: 0, max: 100_000 }),
    vatPpm: fc.integer({ min: 0, max: 200_000 }),
  })
  .map((p) => ({
    code: 'any',
    amountMin: p.step * p.minSteps,
    amountMax: p.step * (p.minSteps + p.span),
    amountStep: p.step,
    periodsMin: 1,
    periodsMax: p.periodsMax,
    termUnitDays: p.termUnitDays,
    dailyRatePpm: p.dailyRatePpm,
    commissionPpm: p.commissionPpm,
    vatPpm: p.vatPpm,
  }));

const monthArb = fc.option(fc.tuple(fc.integer({ min: 1990, max: 2027 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`), { nil: null });
const dayArb = fc.date({ min: new Date('1940-01-01T00:00:00Z'), max: new Date('2012-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const bureauArb = (birthDate: string, nameKey: string): fc.Arbitrary<BureauAttributes | null> =>
  fc.oneof(
    fc.constant(null),
    fc.constant({ found: false, score: null, openAccounts: null, worstDelinquencyDays: null, inquiries90d: null, monthlyPayments: null, fileBirthDate: null, fileNameKey: null }),
    fc.record({
      found: fc.constant(true),
      score: nullable(fc.integer({ min: 300, max: 900 })),
      openAccounts: nullable(fc.integer({ min: 0, max: 12 })),
      worstDelinquencyDays: nullable(fc.integer({ min: 0, max: 180 })),
      inquiries90d: nullable(fc.integer({ min: 0, max: 15 })),
      monthlyPayments: nullable(fc.integer({ min: 0, max: 3_000_000 })),
      fileBirthDate: fc.constantFrom(birthDate, '1980-01-01', null),
      fileNameKey: fc.constantFrom(nameKey, 'OTRA PERSONA', null),
    }),
  );

const inputsArb: fc.Arbitrary<CreditInputs> = fc
  .record({
    market: fc.constantFrom('MX' as const, 'IN' as const),
    birthDate: dayArb,
    nationality: fc.constantFrom('IN', 'other', ''),
    permanentAddress: fc.boolean(),
    residentSince: monthArb,
    workingSince: monthArb,
    occupation: fc.constantFrom(...occupations),
    monthlyIncome: fc.integer({ min: 0, max: 12_000_000 }),
    monthlyObligations: fc.integer({ min: 0, max: 4_000_000 }),
    verified: fc.boolean(),
    faceScore: nullable(fc.integer({ min: 0, max: 100 })),
    used: fc.boolean(),
    settledOnTime: fc.integer({ min: 0, max: 5 }),
    settledLate: fc.integer({ min: 0, max: 3 }),
    everLate30: fc.boolean(),
    catalogue: fc.boolean(),
    product: productArb,
  })
  .chain((x) =>
    bureauArb(x.birthDate, 'MARIA LOPEZ').map((bureau): CreditInputs => {
      const products = x.catalogue ? catalogueTerms(x.market) : [{ ...x.product, code: x.market === 'MX' ? 'presta-mx' : 'presta-in' }];
      return {
        market: x.market,
        today: '2026-11-29',
        applicant: {
          birthDate: x.birthDate,
          nameKey: 'MARIA LOPEZ',
          nationality: x.nationality,
          permanentAddress: x.permanentAddress,
          residentSince: x.residentSince,
          workingSince: x.workingSince,
          occupation: x.occupation,
          monthlyIncome: x.monthlyIncome,
          monthlyObligations: x.monthlyObligations,
        },
        identity: { verified: x.verified, faceScore: x.faceScore, usedByAnotherBorrower: x.used },
        bureau,
        history: { settledLoans: x.settledOnTime + x.settledLate, settledOnTime: x.settledOnTime, everLate30: x.everLate30, openLoans: 0 },
        products,
      };
    }),
  );

/** Mostly applicants who pass every knock-out, so that the score, bands and limits are exercised too. */
const eligibleArb = inputsArb.map((i) => {
  const passing = structuredClone(i);
  Object.assign(passing.applicant, { birthDate: '1990-06-15', nationality: i.market === 'IN' ? 'IN' : '', permanentAddress: true });
  passing.identity = { verified: true, faceScore: 95, usedByAnotherBorrower: false };
  if (passing.bureau?.found) Object.assign(passing.bureau, { fileBirthDate: '1990-06-15', fileNameKey: 'MARIA LOPEZ', worstDelinquencyDays: 0, inquiries90d: 1 });
  return passing;
});
const anyInputs = fc.oneof(inputsArb, eligibleArb);

describe('policy properties (fast-check)', () => {
  it('deterministic: the same inputs, and their JSON read back (a replay from the stored jsonb), give the same result', () => {
    fc.assert(
      fc.property(anyInputs, (inputs) => {
        const result = decide(inputs);
        expect(decide(structuredClone(inputs))).toEqual(result);
        expect(decide(JSON.parse(JSON.stringify(inputs)) as CreditInputs)).toEqual(result);
        expect(JSON.parse(JSON.stringify(result))).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });

  it('a knock-out always declines, whatever the score', () => {
    const knockouts: ((i: CreditInputs) => void)[] = [
      (i) => (i.identity.verified = false),
      (i) => (i.identity.usedByAnotherBorrower = true),
      (i) => (i.applicant.birthDate = '2015-01-01'),
      (i) => (i.bureau = null),
    ];
    fc.assert(
      fc.property(anyInputs, fc.constantFrom(...knockouts), fc.integer({ min: 0, max: 3 }), (inputs, knockOut, settled) => {
        const changed = structuredClone(inputs);
        knockOut(changed);
        changed.history = { settledLoans: settled, settledOnTime: settled, everLate30: false, openLoans: 0 };
        const result = decide(changed);
        expect(result.outcome).toBe('declined');
        expect(result.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(anyInputs, (inputs) => {
        const result = decide(inputs);
        if (result.rules.some((r) => r.kind === 'knockout' && r.hit)) expect(result.outcome).toBe('declined');
      }),
      { numRuns: 300 },
    );
  });

  it('limits: within the product maximum, the band maximum and the affordability maximum, on the steps, 0 or at least the minimum', () => {
    fc.assert(
      fc.property(anyInputs, (inputs) => {
        const result = decide(inputs);
        const budget = monthlyBudget(policyFor(inputs.market), inputs);
        for (const line of result.limits) {
          const product = inputs.products.find((p) => p.code === line.productCode)!;
          expect(line.limitAmount).toBeLessThanOrEqual(Math.min(product.amountMax, line.bandMax, line.affordableMax));
          expect(line.limitAmount % product.amountStep).toBe(0);
          expect(line.limitAmount === 0 || line.limitAmount >= product.amountMin).toBe(true);
          if (line.affordableMax > 0) expect(monthlyBurden(inputs, product, line.affordableMax)).toBeLessThanOrEqual(budget);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('approved ⇒ a limit > 0 and no reasons; referred ⇒ reasons; declined ⇒ reasons, the day to reapply and no limit', () => {
    fc.assert(
      fc.property(anyInputs, (inputs) => {
        const result = decide(inputs);
        expect(result.reasons.every((r) => (creditReasons as readonly string[]).includes(r))).toBe(true);
        expect(result.reasons.every((r) => hits(result).includes(r))).toBe(true);
        if (result.outcome === 'approved') {
          expect(result.limits.some((l) => l.limitAmount > 0)).toBe(true);
          expect([result.reasons, result.reapplyAfter]).toEqual([[], null]);
        } else if (result.outcome === 'referred') {
          expect(result.reasons.length).toBeGreaterThan(0);
          expect(result.reapplyAfter).toBeNull();
        } else {
          expect(result.reasons.length).toBeGreaterThan(0);
          expect(result.reapplyAfter).toBe('2026-12-29');
          expect(result.limits.every((l) => l.limitAmount === 0)).toBe(true);
        }
        expect(result.score).toBe(result.points.reduce((s, p) => s + p.points, 0));
      }),
      { numRuns: 300 },
    );
  });
});
