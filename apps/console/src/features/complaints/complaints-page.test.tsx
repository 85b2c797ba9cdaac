import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import type { Complaint } from './complaint-parts';
import ComplaintsPage from './complaints-page';

const complaint = (id: number, orderNo: string, rest: Partial<Complaint> = {}): Complaint => ({
  id,
  status: 'open',
  createdAt: '2025-03-01T15:30:00.000Z',
  orderNo,
  maskedPhone: '+52 55 **** 1234',
  typeValue: 3,
  subTypeValue: 12,
  detail: 'Pagué el lunes y sigue saliendo pendiente.',
  images: [
    { id: 501, uploader: 'borrower' },
    { id: 502, uploader: 'borrower' },
  ],
  replyText: null,
  repliedAt: null,
  repliedBy: null,
  score: null,
  ...rest,
});

const inbox = {
  complaints: [
    complaint(41, 'PR0000000000000041'),
    complaint(40, 'PR0000000000000040', { status: 'answered', subTypeValue: null, images: [], replyText: 'Ya quedó aplicado.', repliedAt: '2025-03-02T10:00:00.000Z', repliedBy: 'soporte@presta.test', score: 4 }),
  ],
};

const answers = {
  'GET /console/api/complaints': inbox,
  'POST /console/api/complaints/reply': { problemId: '41', images: 0 },
  'POST /console/api/complaints/reply-with-images': { problemId: '41', images: 1, imageIds: [601] },
};

/** Opens complaint 41's drawer and answers it. */
async function openFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open complaint 41' }));
  return (await screen.findByText('Complaint 41')).closest<HTMLElement>('[role="dialog"]')!;
}

describe('ComplaintsPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
    // The upload list's thumbnail reads the file as an object URL, which jsdom does not have.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:thumbnail' });
  });

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
  });

  it('lists the inbox: the open ones first asked for, each with its order, type, status and score', async () => {
    const sent = stubServer(['support'], answers);
    renderScreen(<ComplaintsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaints' })).toBeTruthy();
    const open = (await screen.findByText('PR0000000000000041')).closest('tr')!;
    expect(within(open).getByText('3 / 12')).toBeTruthy();
    // The status tag (the row's button reads Open too).
    expect(within(open).getByText('Open', { selector: '.ant-tag' })).toBeTruthy();
    const answered = screen.getByText('PR0000000000000040').closest('tr')!;
    expect(within(answered).getByText('3 / —')).toBeTruthy();
    expect(within(answered).getByText('Answered')).toBeTruthy();
    expect(within(answered).getByText('4 of 5')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/complaints')?.query.get('status')).toBe('open');
  });

  it("opens one: the borrower's text and images, each with its alt text", async () => {
    stubServer(['support'], answers);
    const user = userEvent.setup();
    renderScreen(<ComplaintsPage />);
    const drawer = await openFirst(user);
    expect(within(drawer).getByText('Pagué el lunes y sigue saliendo pendiente.')).toBeTruthy();
    const first = within(drawer).getByAltText('Image 1 of complaint 41, sent by the borrower');
    expect(first.getAttribute('src')).toBe('/console/api/complaints/images/501');
    expect(within(drawer).getByAltText('Image 2 of complaint 41, sent by the borrower').getAttribute('src')).toBe('/console/api/complaints/images/502');
    expect(within(drawer).getByText('Not answered yet.')).toBeTruthy();
  });

  it('shows an open complaint whose reply text is empty (as the server answered it) as not answered, never "Replied by — on —"', async () => {
    stubServer(['support'], { ...answers, 'GET /console/api/complaints': { complaints: [complaint(41, 'PR0000000000000041', { replyText: '' })] } });
    const user = userEvent.setup();
    renderScreen(<ComplaintsPage />);
    const drawer = await openFirst(user);
    expect(within(drawer).getByText('Not answered yet.')).toBeTruthy();
    expect(within(drawer).queryByText(/^Replied by/)).toBeNull();
  });

  it('replies with text only through the JSON call', async () => {
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderScreen(<ComplaintsPage />);
    const drawer = await openFirst(user);
    await user.type(within(drawer).getByLabelText('Reply text'), '  Ya revisamos tu pago.  ');
    await user.click(within(drawer).getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/complaints/reply')).toMatchObject({ method: 'POST', body: { problemId: 41, text: 'Ya revisamos tu pago.' } }));
    expect(sent.some((s) => s.path === '/console/api/complaints/reply-with-images')).toBe(false);
    expect(await screen.findByText('Reply sent.')).toBeTruthy();
    // The inbox is read again.
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/complaints')).toHaveLength(2));
  });

  it('replies with an image as multipart: the problem, the text and the file', async () => {
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderScreen(<ComplaintsPage />);
    const drawer = await openFirst(user);
    await user.type(within(drawer).getByLabelText('Reply text'), 'Adjunto el comprobante.');
    const receipt = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'comprobante.png', { type: 'image/png' });
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, receipt);
    expect(await within(drawer).findByText('comprobante.png')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Send the reply' }));

    await waitFor(() => expect(sent.some((s) => s.path === '/console/api/complaints/reply-with-images')).toBe(true));
    expect(sent.some((s) => s.path === '/console/api/complaints/reply')).toBe(false);
    // The harness keeps JSON bodies; the multipart one is read from the fetch call itself.
    const [, init] = vi.mocked(fetch).mock.calls.find(([input]) => typeof input === 'string' && input.endsWith('/console/api/complaints/reply-with-images'))!;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('csrf-test');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('problemId')).toBe('41');
    expect(form.get('text')).toBe('Adjunto el comprobante.');
    const images = form.getAll('images') as File[];
    expect(images).toHaveLength(1);
    expect(images[0]!.name).toBe('comprobante.png');
    expect(images[0]!.type).toBe('image/png');
  });

  it('offers no reply form to an analyst, who only reads', async () => {
    stubServer(['analyst'], answers);
    const user = userEvent.setup();
    renderScreen(<ComplaintsPage />);
    const drawer = await openFirst(user);
    expect(within(drawer).getByText('Pagué el lunes y sigue saliendo pendiente.')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Send the reply' })).toBeNull();
  });
});
