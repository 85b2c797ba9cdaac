import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import ApplicationPage from './application-page';
import type { CreditApplication } from './application-sections';
import ApplicationsPage from './applications-page';

/*
 * The credit decision on an application's page and the reviewer's queue (issue 35): the decision explained, the
 * bureau report behind its button, approve (above the band warned), decline with a reason from the list, a credit
 * manager's confirmation (never by the maker), and the queue, in both languages.
 */

const applicationNo = 'AP0000000005';
const detailPath = 'POST /console/api/credit-applications/detail';

const pending = { limits: [{ productCode: 'presta-mx', limitAmount: 800_000 }], note: 'payslips seen', maker: { id: 11, name: 'Rosa Revisora' }, at: '2025-02-03T10:00:00.000Z' };

const referred = (pendingApproval: CreditApplication['pendingApproval'] = null): CreditApplication => ({
  applicationNo,
  market: 'MX',
  status: 'referred',
  borrower: { id: 9, fullName: 'Eduardo Gómez Durán', maskedPhone: '******5678' },
  createdAt: '2025-02-01T10:00:00.000Z',
  submittedAt: '2025-02-02T10:00:00.000Z',
  updatedAt: '2025-02-02T10:00:00.000Z',
  flags: [],
  identityShown: false,
  identity: { givenNames: 'Eduardo', firstSurname: 'Gómez', secondSurname: 'Durán', fullName: '', birthDate: '1956-12-31', sex: 'H', birthState: 'DF', curp: 'GODE************09', rfc: '', pan: '', aadhaarMasked: '', email: '', nationality: '' },
  address: { street: 'Reforma', number: '10', interior: '', colonia: 'Juárez', municipality: 'Cuauhtémoc', postalCode: '06600', state: 'DF', line1: '', line2: '', city: '', permanent: false, residentSince: '2019-03' },
  work: { occupation: 'employed', employer: 'Acme', monthlyIncome: 2_200_000, payFrequency: 'monthly', monthlyObligations: 300_000, workingSince: '2021-08' },
  documents: [],
  consents: [],
  checks: [],
  problems: [],
  history: [],
  decision: {
    id: '41',
    trigger: 'application',
    policyVersion: 'MX-2026.1',
    outcome: 'referred',
    score: 512,
    band: 'refer',
    rules: [
      { code: 'income_below_minimum', kind: 'knockout', hit: false, value: '$22.000,00', threshold: '$6.000,00', text: 'Minimum income' },
      { code: 'score_in_review_band', kind: 'refer', hit: true, value: '512', threshold: '480', text: 'Score in the review band' },
    ],
    points: [{ factor: 'Bureau score', value: '640', bin: '600–679', points: 120 }],
    limits: [{ productCode: 'presta-mx', currency: 'MXN', limitAmount: 300_000, bandMax: 500_000, affordableMax: 900_000 }],
    reasons: [{ code: 'score_in_review_band', text: 'A credit analyst is reviewing your application.' }],
    reapplyAfter: null,
    actor: 'job:credit-decision',
    at: '2025-02-02T10:05:00.000Z',
  },
  decisions: [{ id: '41', trigger: 'application', outcome: 'referred', policyVersion: 'MX-2026.1', actor: 'job:credit-decision', at: '2025-02-02T10:05:00.000Z' }],
  bureau: { bureau: 'sandbox', reference: 'SBX-1', found: true, score: 640, openAccounts: 3, worstDelinquencyDays: 0, inquiries90d: 2, monthlyPayments: 300_000, requestedAt: '2025-02-02T10:04:00.000Z' },
  pendingApproval,
});

/** axe's serious and critical findings in `container` (a modal is portaled: pass it); jsdom has no colours. */
async function seriousViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const renderPage = () => renderScreen(<ApplicationPage />, { path: `/applications/${applicationNo}`, route: '/applications/:applicationNo' });

describe('the credit decision on the application’s page', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('explains the decision: outcome, version, score, band, rules with the hit marked, points, limits, bureau', async () => {
    stubServer(['support'], { [detailPath]: { application: referred() } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit decision' })).toBeTruthy();
    expect(screen.getByText('MX-2026.1', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText('Policy score').closest('tr')!.textContent).toContain('512');
    const hit = screen.getByText('Score in the review band', { selector: 'td' }).closest('tr')!;
    expect(within(hit).getByText('Hit')).toBeTruthy();
    const passed = screen.getByText('Minimum income').closest('tr')!;
    expect(within(passed).getByText('Passed')).toBeTruthy();
    expect(within(passed).getByText('$22.000,00')).toBeTruthy();
    expect(screen.getByText('Bureau score').closest('tr')!.textContent).toContain('120');
    const limits = screen.getByText('presta-mx').closest('tr')!;
    expect(within(limits).getByText('$5.000,00')).toBeTruthy(); // the band's maximum
    expect(screen.getByText('Score in the review band: A credit analyst is reviewing your application.')).toBeTruthy();
    expect(screen.getByText('SBX-1')).toBeTruthy();
    expect(await seriousViolations(screen.getByRole('heading', { level: 2, name: 'Credit decision' }).closest('.ant-card')!)).toEqual([]);
    // Support neither opens the report nor decides.
    expect(screen.queryByRole('button', { name: 'Open report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a reviewer opens the bureau report in a modal', async () => {
    const sent = stubServer(['reviewer'], {
      [detailPath]: { application: referred() },
      'POST /console/api/credit-applications/bureau-report': { bureau: 'sandbox', reference: 'SBX-1', requestedAt: '2025-02-02T10:04:00.000Z', contentType: 'application/json', body: '{"score":640}' },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Open report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bureau report SBX-1' });
    expect(within(dialog).getByText('This opening is recorded in the audit trail.')).toBeTruthy();
    expect(within(dialog).getByText(/"score": 640/)).toBeTruthy();
    expect(sent.find((s) => s.path.endsWith('/bureau-report'))?.body).toEqual({ applicationNo });
  });

  it('approve: prefilled with the policy’s limit, warned above the band, sent in minor units', async () => {
    const sent = stubServer(['reviewer'], {
      [detailPath]: { application: referred() },
      'POST /console/api/credit-applications/approve': { status: 'referred', pendingConfirmation: true },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve application ${applicationNo}` });
    const limit = within(dialog).getByRole('spinbutton', { name: 'Limit of presta-mx' });
    expect((limit as HTMLInputElement).value).toBe('3000.00');
    expect(within(dialog).getByText('Band maximum: $5.000,00. The policy suggests $3.000,00.')).toBeTruthy();
    expect(within(dialog).queryByText('Above the band maximum: a credit manager must confirm it.')).toBeNull();
    await user.clear(limit);
    await user.type(limit, '8000');
    expect(await within(dialog).findByText('Above the band maximum: a credit manager must confirm it.')).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.find((s) => s.path.endsWith('/approve'))?.body).toEqual({ applicationNo, limits: [{ productCode: 'presta-mx', limitAmount: 800_000 }], note: '' }));
    expect(await screen.findByText(`The approval of ${applicationNo} waits for a credit manager.`)).toBeTruthy();
  });

  it('approve: a limit of 0 on every product is refused before any call', async () => {
    const sent = stubServer(['reviewer'], { [detailPath]: { application: referred() } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve application ${applicationNo}` });
    const limit = within(dialog).getByRole('spinbutton', { name: 'Limit of presta-mx' });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Approve at least one product with a limit above zero.')).toBeTruthy();
    expect(sent.some((s) => s.path.endsWith('/approve'))).toBe(false);
  });

  it('decline: a reason is required, chosen from the list', async () => {
    const sent = stubServer(['reviewer'], {
      [detailPath]: { application: referred() },
      'POST /console/api/credit-applications/decline': { status: 'declined' },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: `Decline application ${applicationNo}` });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    await user.click(reason);
    await user.click(await screen.findByText('Cannot afford it', { selector: '.ant-select-item-option-content' }));
    expect(await within(dialog).findByText('The applicant will read: “With your income and debts, a new payment would be hard to meet.”')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent.find((s) => s.path.endsWith('/decline'))?.body).toEqual({ applicationNo, reason: 'reviewer_affordability', note: '' }));
  });

  it('a credit manager confirms another member’s approval above the band', async () => {
    const sent = stubServer(['credit_manager'], {
      [detailPath]: { application: referred(pending) },
      'POST /console/api/credit-applications/confirm': { status: 'approved' },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Rosa Revisora approved above the band on', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: `Confirm the approval of ${applicationNo}` });
    expect(within(dialog).getByText('presta-mx: $8.000,00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.find((s) => s.path.endsWith('/confirm'))?.body).toEqual({ applicationNo, confirm: 1, note: '' }));
  });

  it('the maker sees the buttons off with the reason', async () => {
    stubServer(['reviewer', 'credit_manager'], { [detailPath]: { application: referred(pending) } }, { memberId: 11 });
    renderPage();
    const confirm = await screen.findByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refuse' }).disabled).toBe(true);
    expect(screen.getByText('You made this approval: another credit manager confirms it.')).toBeTruthy();
  });
});

describe('the review queue', () => {
  const row = (no: string) => ({
    applicationNo: no,
    market: 'MX',
    status: 'referred',
    borrower: { id: 9, fullName: `Applicant ${no}`, maskedPhone: '******5678' },
    createdAt: '2025-02-01T10:00:00.000Z',
    submittedAt: '2025-02-02T10:00:00.000Z',
    updatedAt: '2025-02-02T10:00:00.000Z',
    flags: [],
  });
  const queue = {
    referred: [{ ...row('AP0000000007'), score: 512, band: 'refer', reasons: ['score_in_review_band'] }],
    awaitingConfirmation: [{ ...row('AP0000000008'), approval: pending }],
  };

  it('lists the referred applications and the approvals waiting, in Spanish', async () => {
    localStorage.setItem('presta.console.language', 'es');
    stubServer(['reviewer'], { 'GET /console/api/credit-applications': { applications: [] }, 'GET /console/api/credit-applications/queue': queue });
    const user = userEvent.setup();
    renderScreen(<ApplicationsPage />, { path: '/applications', route: '/applications' });
    await user.click(await screen.findByRole('tab', { name: 'Cola de revisión' }));
    const referredRow = (await screen.findByRole('link', { name: 'AP0000000007' })).closest('tr')!;
    expect(within(referredRow).getByText('Puntaje en banda de revisión')).toBeTruthy();
    expect(within(referredRow).getByText('512')).toBeTruthy();
    const waitingRow = screen.getByRole('link', { name: 'AP0000000008' }).closest('tr')!;
    expect(within(waitingRow).getByText('presta-mx: $8.000,00')).toBeTruthy();
    expect(within(waitingRow).getByText('Rosa Revisora')).toBeTruthy();
    expect(await seriousViolations(screen.getByRole('tabpanel'))).toEqual([]);
  });

  it('support has no queue tab', async () => {
    localStorage.setItem('presta.console.language', 'en');
    stubServer(['support'], { 'GET /console/api/credit-applications': { applications: [] } });
    renderScreen(<ApplicationsPage />, { path: '/applications', route: '/applications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit applications' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Review queue' })).toBeNull();
  });
});
