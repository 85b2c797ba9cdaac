import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '@presta/contract/staff-roles';
import { stubServer, renderScreen } from '@/shared/testing/test-server';
import StaffPage from './staff-page';

const link = 'https://presta.test/console/set-up#AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const answers = {
  'GET /console/api/staff/tokens': {
    tokens: [{ id: 9, staffId: 2, email: 'eva@presta.test', name: 'daily report', createdAt: '2025-03-01T10:00:00Z', lastUsedAt: null, revokedAt: null }],
  },
  'POST /console/api/staff/tokens/revoke': {
    token: { id: 9, staffId: 2, email: 'eva@presta.test', name: 'daily report', createdAt: '2025-03-01T10:00:00Z', lastUsedAt: null, revokedAt: '2025-03-02T10:00:00Z' },
  },
  'POST /console/api/staff/disable': { member: { id: 2, email: 'eva@presta.test', name: '', roles: ['finance', 'analyst'] }, state: 'disabled', changed: true },
  'POST /console/api/staff/add': { member: { id: 3, email: 'luis@presta.test', name: 'Luis', roles: ['support'] }, setUpLink: link },
  'GET /console/api/staff': {
    staff: [
      { id: 1, email: 'ana@presta.test', name: 'Ana', roles: ['admin'], secondFactor: true, state: 'active' },
      { id: 2, email: 'eva@presta.test', name: '', roles: ['finance', 'analyst'], secondFactor: false, state: 'locked' },
    ],
  },
};

/** The server: /me answers Ana (member 1) with `roles`; the staff calls answer fixed data; every request is kept. */
const serve = (roles: StaffRole[]) => stubServer(roles, answers, { memberId: 1 });

const renderPage = () => renderScreen(<StaffPage />);

describe('StaffPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('lists the members with their roles, second factor and state', async () => {
    serve(['admin']);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    // The staff table comes first (the tokens table names members too).
    const row = (await screen.findAllByText('eva@presta.test'))[0]!.closest('tr')!;
    expect(within(row).getByText('Finance')).toBeTruthy();
    expect(within(row).getByText('Analyst')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('Locked')).toBeTruthy();
  });

  it('adds a member and shows their set-up link once, with the warning', async () => {
    const sent = serve(['admin']);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = (await screen.findByText('Add a staff member')).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('E-mail'), 'luis@presta.test');
    await user.type(within(dialog).getByLabelText('Name'), 'Luis');
    await user.click(within(dialog).getByLabelText('Support'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    // antd names every dialog's title "test-id" under test: the dialog is found by what it shows.
    const shown = (await screen.findByText(link)).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByText('Set-up link for luis@presta.test')).toBeTruthy();
    expect(within(shown).getByText(/shown once/)).toBeTruthy();
    const add = sent.find((s) => s.path === '/console/api/staff/add');
    expect(add).toMatchObject({ method: 'POST', body: { email: 'luis@presta.test', name: 'Luis', roles: ['support'] } });

    // The next member: the form opens empty and ready again.
    await user.click(within(shown).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const again = (await screen.findByText('Add a staff member')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(again).getByLabelText<HTMLInputElement>('E-mail').value).toBe('');
    const addButton = within(again).getByRole('button', { name: 'Add' });
    expect(addButton.className).not.toContain('ant-btn-loading');
    await user.type(within(again).getByLabelText('E-mail'), 'eva@presta.test');
    await user.click(within(again).getByLabelText('Finance'));
    await user.click(addButton);
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/staff/add')).toHaveLength(2));
  });

  it('disables a member after confirming, and never offers an admin to disable, reset or change their own roles', async () => {
    const sent = serve(['admin']);
    const user = userEvent.setup();
    renderPage();
    const self = (await screen.findByText('ana@presta.test')).closest('tr')!;
    // Nor to change their own roles or reset themselves (decision 023): another admin does.
    expect(within(self).queryAllByRole('button')).toEqual([]);
    expect(within(self).getByText('Your account: another admin changes its roles')).toBeTruthy();
    const row = screen.getAllByText('eva@presta.test')[0]!.closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    const confirm = (await screen.findByText('Disable eva@presta.test?')).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/staff/disable')).toMatchObject({ method: 'POST', body: { email: 'eva@presta.test' } }));
  });

  it("lists every member's API tokens and revokes one after confirming; one's own are made on My account", async () => {
    const sent = serve(['admin']);
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('daily report')).closest('tr')!;
    expect(within(row).getByText('eva@presta.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create my token' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const confirm = (await screen.findByText('Revoke the token "daily report" of eva@presta.test?')).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/staff/tokens/revoke')).toMatchObject({ method: 'POST', body: { id: 9 } }));
    expect(sent.some((s) => s.path.startsWith('/console/api/me/tokens'))).toBe(false);
  });

  it('refuses a member who is not an admin without calling the staff list', async () => {
    const sent = serve(['analyst']);
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Only an admin manages the staff.')).toBeTruthy());
    expect(sent.some((s) => s.path.startsWith('/console/api/staff'))).toBe(false);
  });
});
