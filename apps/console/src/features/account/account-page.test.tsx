import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, renderScreen, stubServer } from '@/shared/testing/test-server';
import AccountPage from './account-page';

const token = (id: number, name: string, lastUsedAt: string | null = null) => ({
  id,
  staffId: 7,
  email: 'ana@presta.test',
  name,
  createdAt: '2025-03-01T10:00:00Z',
  lastUsedAt,
  revokedAt: null,
});

const answers = {
  'GET /console/api/me/tokens': { tokens: [token(4, 'daily report', '2025-03-05T08:00:00Z'), token(5, 'export')] },
  'POST /console/api/me/tokens/create': { token: token(6, 'nightly sync'), secret: 'pst_secret_shown_once' },
  'POST /console/api/me/tokens/revoke': (body: { id: number }) => ({ token: { ...token(body.id, 'export'), revokedAt: '2025-03-06T10:00:00Z' } }),
};

describe('AccountPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('shows who I am to any member, and my live tokens', async () => {
    const sent = stubServer(['analyst', 'support'], answers);
    renderScreen(<AccountPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(screen.getByText('ana@presta.test')).toBeTruthy();
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.getByText('Analyst')).toBeTruthy();
    expect(screen.getByText('Support')).toBeTruthy();
    const row = (await screen.findByText('daily report')).closest('tr')!;
    expect(within(row).queryByText('Never')).toBeNull();
    expect(within(screen.getByText('export').closest('tr')!).getByText('Never')).toBeTruthy();
    // Only my own tokens: the admin's list of everyone's is never asked for.
    expect(sent.some((s) => s.path === '/console/api/staff/tokens')).toBe(false);
  });

  it('creates a token and shows its secret once, with the warning, then lists the tokens again', async () => {
    const sent = stubServer(['reviewer'], answers);
    const user = userEvent.setup();
    renderScreen(<AccountPage />);
    await screen.findByText('daily report');
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    // antd names every dialog's title "test-id" under test: the dialog is found by what it shows.
    const dialog = (await screen.findByText('Create an API token')).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('Token name'), '  nightly sync ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = (await screen.findByText('pst_secret_shown_once')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByText('API token "nightly sync"')).toBeTruthy();
    expect(within(shown).getByText(/shown once/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /copy/i })).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/me/tokens/create')).toMatchObject({ method: 'POST', body: { name: 'nightly sync' } });
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/me/tokens')).toHaveLength(2));

    // The footer's button (the corner's × is named Close too).
    await user.click(within(shown).getByText('Close').closest('button')!);
    await waitFor(() => expect(screen.queryByText('pst_secret_shown_once')).toBeNull());
  });

  it('refuses a token without a name, sending nothing', async () => {
    const sent = stubServer(['finance'], answers);
    const user = userEvent.setup();
    renderScreen(<AccountPage />);
    await screen.findByText('daily report');
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const dialog = (await screen.findByText('Create an API token')).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('Token name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This is required.')).toBeTruthy();
    expect(sent.some((s) => s.path === '/console/api/me/tokens/create')).toBe(false);
  });

  it("shows the server's refusal of a name already taken", async () => {
    stubServer(['finance'], { ...answers, 'POST /console/api/me/tokens/create': failure(409, '409001', 'You already have a token with that name.') });
    const user = userEvent.setup();
    renderScreen(<AccountPage />);
    await screen.findByText('daily report');
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const dialog = (await screen.findByText('Create an API token')).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('Token name'), 'daily report');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('You already have a token with that name.')).toBeTruthy();
  });

  it('revokes one of my tokens after confirming', async () => {
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderScreen(<AccountPage />);
    await screen.findByText('export');
    await user.click(screen.getByRole('button', { name: 'Revoke the token "export"' }));
    const confirm = (await screen.findByText('Revoke the token "export"?')).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/me/tokens/revoke')).toMatchObject({ method: 'POST', body: { id: 5 } }));
    expect(await screen.findByText('Token "export" revoked.')).toBeTruthy();
  });
});
