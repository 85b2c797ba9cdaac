import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, renderScreen, stubServer } from '@/shared/testing/test-server';
import ApplicationPage from './application-page';
import type { CreditApplication } from './application-sections';

const applicationNo = 'AP0000000002';

const application = (identityShown: boolean): CreditApplication => ({
  applicationNo,
  market: 'MX',
  status: 'submitted',
  borrower: { id: 9, fullName: 'Eduardo Gómez Durán', maskedPhone: '******5678' },
  createdAt: '2025-02-01T10:00:00.000Z',
  submittedAt: '2025-02-02T10:00:00.000Z',
  updatedAt: '2025-02-02T10:00:00.000Z',
  flags: [{ kind: 'duplicate_identity', detail: 'curp', otherApplicationNo: 'AP0000000001' }],
  identityShown,
  identity: {
    givenNames: 'Eduardo',
    firstSurname: 'Gómez',
    secondSurname: 'Durán',
    fullName: '',
    birthDate: '1956-12-31',
    sex: 'H',
    birthState: 'DF',
    curp: identityShown ? 'GODE561231HDFRRN09' : 'GODE************09',
    rfc: identityShown ? 'GODE561231AB1' : 'GODE*******B1',
    pan: '',
    aadhaarMasked: '',
    email: 'e@example.com',
    nationality: '',
  },
  address: { street: 'Reforma', number: '10', interior: '', colonia: 'Juárez', municipality: 'Cuauhtémoc', postalCode: '06600', state: 'DF', line1: '', line2: '', city: '', permanent: false, residentSince: '2019-03' },
  work: { occupation: 'employed', employer: 'Acme', monthlyIncome: 1_500_000, payFrequency: 'semimonthly', monthlyObligations: 200_000, workingSince: '2021-08' },
  documents: [
    { kind: 'ine_front', uploadedAt: '2025-02-01T11:00:00.000Z', width: 1600, height: 1000, bytes: 204_800 },
    { kind: 'selfie', uploadedAt: '2025-02-01T11:05:00.000Z', width: 1000, height: 1000, bytes: 102_400 },
  ],
  consents: [
    { kind: 'bureau', version: 'mx-bureau-1', granted: true, at: '2025-02-01T12:00:00.000Z', ip: '203.0.113.9', device: 'Pixel 7 · abc123' },
    { kind: 'privacy', version: 'mx-privacy-1', granted: true, at: '2025-02-01T12:00:00.000Z', ip: '203.0.113.9', device: 'Pixel 7 · abc123' },
  ],
  checks: [
    { check: 'curp', outcome: 'verified', score: null, provider: 'sandbox', reference: 'ref-1', at: '2025-02-02T10:01:00.000Z' },
    { check: 'face', outcome: 'face_mismatch', score: 41, provider: 'sandbox', reference: 'ref-2', at: '2025-02-02T10:01:00.000Z' },
  ],
  problems: [],
  history: [
    { at: '2025-02-01T10:00:00.000Z', from: null, to: 'draft', actor: 'borrower' },
    { at: '2025-02-02T10:00:00.000Z', from: 'draft', to: 'submitted', actor: 'borrower' },
  ],
  decision: null,
  decisions: [],
  bureau: null,
  pendingApproval: null,
});

const detailPath = 'POST /console/api/credit-applications/detail';
const renderPage = () => renderScreen(<ApplicationPage />, { path: `/applications/${applicationNo}`, route: '/applications/:applicationNo' });

describe("a credit application's page", () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('support: masked numbers, documents listed without their images', async () => {
    const sent = stubServer(['support'], { [detailPath]: { application: application(false) } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: `Application ${applicationNo}` })).toBeTruthy();
    expect(await screen.findByText('GODE************09')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/credit-applications/detail')?.body).toEqual({ applicationNo });
    expect(screen.getByText('Your role sees identity numbers masked.')).toBeTruthy();
    expect(screen.getByText('INE card, front')).toBeTruthy();
    expect(screen.getByText('Your role does not open the documents’ images.')).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: /of application/ })).toHaveLength(0);
    expect(screen.getByText('Same identity under another phone: AP0000000001')).toBeTruthy();
  });

  it('a reviewer: whole numbers with the audit notice, and a thumbnail per document from the console’s image route', async () => {
    stubServer(['reviewer'], { [detailPath]: { application: application(true) } });
    renderPage();
    expect(await screen.findByText('GODE561231HDFRRN09')).toBeTruthy();
    expect(screen.getByText('You see the numbers whole: this reading is recorded in the audit trail.')).toBeTruthy();
    const front = screen.getByRole('img', { name: `INE card, front of application ${applicationNo}` });
    expect(front.getAttribute('src')).toBe(`/console/api/credit-applications/document?applicationNo=${applicationNo}&kind=ine_front`);
    expect(screen.getByRole('img', { name: `Selfie of application ${applicationNo}` })).toBeTruthy();
  });

  it('shows the answers, the consents with address and device, the verifier’s results and the history', async () => {
    stubServer(['reviewer'], { [detailPath]: { application: application(true) } });
    renderPage();
    expect(await screen.findAllByText('Ciudad de México (DF)')).toHaveLength(2); // born in, lives in
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.getByText('Twice a month')).toBeTruthy();
    expect(screen.getByText('$15.000,00')).toBeTruthy();
    const bureau = screen.getByText('Credit bureau inquiry').closest('tr')!;
    expect(within(bureau).getByText('Granted')).toBeTruthy();
    expect(within(bureau).getByText('203.0.113.9')).toBeTruthy();
    expect(within(bureau).getByText('Pixel 7 · abc123')).toBeTruthy();
    const face = screen.getByText('Selfie against the document’s photo').closest('tr')!;
    expect(within(face).getByText('Face does not match')).toBeTruthy();
    expect(within(face).getByText('41')).toBeTruthy();
    expect(screen.getByText('Draft → Submitted')).toBeTruthy();
  });

  it('in Spanish', async () => {
    localStorage.setItem('presta.console.language', 'es');
    stubServer(['support'], { [detailPath]: { application: application(false) } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: `Solicitud ${applicationNo}` })).toBeTruthy();
    expect(await screen.findByText('Tu rol ve los números de identidad ocultos.')).toBeTruthy();
    expect(screen.getByText('Consulta al buró de crédito')).toBeTruthy();
    expect(screen.getByText('El rostro no coincide')).toBeTruthy();
  });

  it("shows the server's message for an unknown application", async () => {
    stubServer(['support'], { [detailPath]: failure(404, '404001', 'There is no such credit application.') });
    renderPage();
    expect(await screen.findByText('There is no such credit application.')).toBeTruthy();
  });
});
