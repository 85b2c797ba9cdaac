import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AgreementView } from '@presta/contract/api/console/agreements';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import LoanPage from './loan-page';
import type { LoanStory } from './loan-story';

const orderNo = 'PR0000000000000088';
const sha256 = 'a3f1c2d4e5b6978812345678901234567890abcdef1234567890abcdef0a1b2c';

const story: LoanStory = {
  loan: {
    orderNo,
    status: '151',
    appliedAt: '2025-02-01T10:00:00.000Z',
    product: { code: 'P14', name: 'Presta 14', market: 'MX', currency: 'MXN' },
    principal: 300_000,
    borrower: { id: 9, fullName: 'Mario López', maskedPhone: '******9876' },
    periods: 2,
    termUnitDays: 14,
    disbursedOn: null,
    rejectReason: null,
    disbursedTo: null,
  },
  payouts: [],
  history: [],
  plan: [],
  position: null,
  events: [],
  extensions: [],
  complaints: [],
};

const agreement: AgreementView = {
  document: {
    documentNo: 'AG7K3M9Q2X5V8P',
    market: 'MX',
    lang: 'es',
    templateVersion: 'mx-2025.1',
    createdAt: '2025-02-01T09:58:00.000Z',
    sha256,
    byteSize: 48_213,
    amount: 300_000,
    currency: 'MXN',
    periods: 2,
    termUnit: 14,
    proposalNo: null,
  },
  signature: {
    borrowerId: 9,
    signerName: 'Mario López',
    maskedPhone: '******9876',
    signedAt: '2025-02-01T09:59:30.000Z',
    clientIp: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
    deviceId: null,
    sessionHash: 'f'.repeat(64),
    codeVerification: { method: 'sms_otp', issuedAt: '2025-02-01T09:58:05.000Z', verifiedAt: '2025-02-01T09:59:30.000Z', wrongTries: 1 },
  },
  timestamp: { status: 'stamped', authority: 'local', stampedAt: '2025-02-01T09:59:31.000Z', serialNumber: '5e1f00aa', policy: '1.3.6.1.4.1.99999.1', attempts: 1, lastError: null },
  verification: {
    checkedAt: '2025-03-01T12:00:00.000Z',
    document: { intact: true, computedSha256: sha256 },
    timestamp: { valid: true, stampedAt: '2025-02-01T09:59:31.000Z', serialNumber: '5e1f00aa', policy: '1.3.6.1.4.1.99999.1', signer: 'CN=Presta demo TSA' },
  },
};

const answers = (view: AgreementView | null) => ({ 'POST /console/api/loans/detail': story, 'POST /console/api/agreements/detail': { agreement: view } });

const openTab = async (name = 'Contrato') => {
  const user = userEvent.setup();
  renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
  await user.click(await screen.findByRole('tab', { name }));
};

/** axe's serious and critical findings in `container`; jsdom has no colours. */
async function seriousViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The value of the open tab's Descriptions row named `label`. */
const valueOf = (label: string) => within(screen.getByRole('tabpanel')).getByText(label, { selector: 'th, th *' }).closest('th')!.nextElementSibling as HTMLElement;

describe("the loan page's agreement tab", () => {
  it('reads the evidence only when opened, and shows the document, the signature with the phone masked and a valid time-stamp', async () => {
    const sent = stubServer(['finance'], answers(agreement));
    await openTab();
    expect(await screen.findByText('AG7K3M9Q2X5V8P')).toBeTruthy();
    expect(sent.filter((s) => s.path === '/console/api/agreements/detail').map((s) => s.body)).toEqual([{ orderNo }]);
    expect(within(valueOf('Idioma')).getByText('Español')).toBeTruthy();
    expect(within(valueOf('Versión de la plantilla')).getByText('mx-2025.1')).toBeTruthy();
    expect(within(valueOf('SHA-256')).getByText(sha256)).toBeTruthy();
    expect(within(valueOf('Monto y plazo')).getByText('$3.000,00 · 2 × 14 días')).toBeTruthy();
    expect(within(valueOf('Teléfono del código')).getByText('******9876')).toBeTruthy();
    expect(within(valueOf('Dirección IP')).getByText('203.0.113.7')).toBeTruthy();
    expect(within(valueOf('Dispositivo')).getByText('Navegador web (sin app)')).toBeTruthy();
    expect(within(valueOf('Código SMS')).getByText(/· 1 intento fallido$/)).toBeTruthy();
    expect(within(valueOf('Estado')).getByText('Sellado')).toBeTruthy();
    expect(screen.getByText('El PDF guardado coincide con su SHA-256.')).toBeTruthy();
    expect(screen.getByText(/^Sello válido: .*, serie 5e1f00aa, firmado por CN=Presta demo TSA\.$/)).toBeTruthy();
    expect(screen.getByText('Cada consulta de esta evidencia, y cada descarga, queda en la auditoría con tu nombre.')).toBeTruthy();

    const pdf = screen.getByRole('link', { name: 'Abrir el PDF' });
    expect(pdf.getAttribute('href')).toBe(`/console/api/agreements/pdf?orderNo=${orderNo}`);
    expect(pdf.getAttribute('target')).toBe('_blank');
    const zip = screen.getByRole('link', { name: 'Exportar evidencia' });
    expect(zip.getAttribute('href')).toBe(`/console/api/agreements/package?orderNo=${orderNo}`);
    expect(zip.getAttribute('download')).toBe(`agreement-${orderNo}.zip`);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('tells a read-only role it may not download, and says why a time-stamp does not verify and one still pending', async () => {
    localStorage.setItem('presta.console.language', 'en');
    const invalid: AgreementView = {
      ...agreement,
      timestamp: { ...agreement.timestamp!, status: 'pending', stampedAt: null, serialNumber: null, policy: null, attempts: 3, lastError: 'TSA timed out' },
      verification: { ...agreement.verification, timestamp: { valid: false, reason: 'the message imprint does not match the document' } },
    };
    stubServer(['support'], answers(invalid));
    await openTab('Agreement');
    expect(await screen.findByText('The time-stamp is not valid: the message imprint does not match the document')).toBeTruthy();
    expect(screen.getByText('Pending: asked for again automatically')).toBeTruthy();
    expect(within(valueOf('Last error')).getByText('TSA timed out')).toBeTruthy();
    expect(screen.getByText('Your role may see the evidence but not download the PDF or the package.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the PDF' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export evidence' })).toBeNull();
  });

  it('says when the stored PDF no longer matches its hash, and when there is no token yet', async () => {
    localStorage.setItem('presta.console.language', 'en');
    const changed: AgreementView = { ...agreement, timestamp: null, verification: { checkedAt: agreement.verification.checkedAt, document: { intact: false, computedSha256: 'b'.repeat(64) } } };
    stubServer(['admin'], answers(changed));
    await openTab('Agreement');
    expect(await screen.findByText(`The stored PDF no longer matches its SHA-256: it is now ${'b'.repeat(64)}.`)).toBeTruthy();
    expect(screen.getByText('No time-stamp to verify yet.')).toBeTruthy();
    expect(screen.getByText('Not asked for')).toBeTruthy();
  });

  it('says a loan applied for before signing has no agreement', async () => {
    stubServer(['reviewer'], answers(null));
    await openTab();
    expect(await screen.findByText('Este préstamo no tiene un contrato firmado: se solicitó antes de la firma con código.')).toBeTruthy();
  });

  it('offers no agreement tab to a role that may not read it, and reads nothing of it', async () => {
    const sent = stubServer(['analyst'], answers(agreement));
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByRole('tab', { name: 'Quejas' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Contrato' })).toBeNull();
    await waitFor(() => expect(sent.some((s) => s.path === '/console/api/loans/detail')).toBe(true));
    expect(sent.some((s) => s.path === '/console/api/agreements/detail')).toBe(false);
  });
});
