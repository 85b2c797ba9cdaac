import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from 'antd/es/app';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@presta/contract/staff-roles';
import { LanguageProvider } from '@/shared/i18n/i18n';
import { SessionProvider, useSession } from '@/shared/session/session';
import AuditPage from './audit-page';

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, code: '0', message: '', data }), { status: 200, headers: { 'content-type': 'application/json' } });

const event = (id: number, action = 'orders.approve') => ({
  id,
  at: '2025-03-01T10:00:00Z',
  actorType: 'staff',
  staffId: 7,
  actorLabel: 'rev@presta.test',
  via: 'console',
  action,
  objectType: 'order',
  objectId: `PR${String(id).padStart(16, '0')}`,
  before: { status: '21' },
  after: { status: '151', note: '<b>not markup</b>' },
  clientIp: '203.0.113.9',
});

/** /me answers a member with `roles`; the trail answers 50 events (ids 100..51), then, before 51, two more. */
function stubServer(roles: StaffRole[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = String(input);
      urls.push(url);
      const query = new URL(url, 'http://console.test').searchParams;
      if (url.startsWith('/console/api/me'))
        return Promise.resolve(ok({ member: { id: 1, email: 'ana@presta.test', name: 'Ana', roles }, csrfToken: 'csrf', expiresAt: '2030-01-01T00:00:00Z' }));
      if (url.startsWith('/console/api/staff'))
        return Promise.resolve(ok({ staff: [{ id: 7, email: 'rev@presta.test', name: 'Rita', roles: ['reviewer'], secondFactor: true, state: 'active' }] }));
      if (url.startsWith('/console/api/audit')) {
        if (query.get('beforeId') === '51') return Promise.resolve(ok({ events: [event(50), event(49, 'staff.add')] }));
        return Promise.resolve(ok({ events: Array.from({ length: 50 }, (_, i) => event(100 - i)) }));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return urls;
}

function SignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  return state.status === 'signedIn' ? children : null;
}

function renderPage() {
  return render(
    <LanguageProvider>
      <App>
        <SessionProvider>
          <SignedIn>
            <AuditPage />
          </SignedIn>
        </SessionProvider>
      </App>
    </LanguageProvider>,
  );
}

const auditCalls = (urls: string[]) => urls.filter((u) => u.startsWith('/console/api/audit'));

describe('AuditPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
    // jsdom has no ResizeObserver; antd's Table observes its size.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows the trail, before and after as JSON text in an expanded row, and pages back with the last id', { timeout: 20_000 }, async () => {
    const urls = stubServer(['admin']);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeTruthy();
    const row = (await screen.findByText('PR0000000000000100')).closest('tr')!;
    expect(within(row).getByText('rev@presta.test')).toBeTruthy();
    expect(within(row).getByText('console')).toBeTruthy();
    expect(within(row).getByText('203.0.113.9')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const after = await screen.findByText(/"note": "<b>not markup<\/b>"/);
    expect(after.tagName).toBe('PRE');
    expect(after.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('PR0000000000000049')).toBeTruthy();
    expect(auditCalls(urls).at(-1)).toContain('beforeId=51');
    expect(await screen.findByText('No older events.')).toBeTruthy();
  });

  it('filters by member (from the staff list for an admin) and action', { timeout: 20_000 }, async () => {
    const urls = stubServer(['admin']);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('PR0000000000000100');
    await user.click(screen.getByLabelText('Member'));
    await user.click(await screen.findByText('Rita · rev@presta.test'));
    await user.type(screen.getByLabelText('Action'), 'staff.add');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(auditCalls(urls).at(-1)).toMatch(/staffId=7&action=staff.add/));
  });

  it('asks an analyst (who may not list the staff) for the member as a number', async () => {
    const urls = stubServer(['analyst']);
    renderPage();
    await screen.findByText('PR0000000000000100');
    expect(screen.getByLabelText('Member').getAttribute('role')).toBe('spinbutton');
    expect(urls.some((u) => u.startsWith('/console/api/staff'))).toBe(false);
  });
});
