import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubServer, type Sent } from '@/shared/testing/test-server';
import AuditPage from './audit-page';

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

const staffList = { staff: [{ id: 7, email: 'rev@presta.test', name: 'Rita', roles: ['reviewer'], secondFactor: true, state: 'active' }] };

/** The trail answers 50 events (ids 100..51), then, before 51, two more. */
const answers = {
  'GET /console/api/staff': staffList,
  'GET /console/api/audit': (_body: unknown, query: URLSearchParams) =>
    query.get('beforeId') === '51' ? { events: [event(50), event(49, 'staff.add')] } : { events: Array.from({ length: 50 }, (_, i) => event(100 - i)) },
};

const renderPage = () => renderScreen(<AuditPage />);

const auditCalls = (sent: Sent[]) => sent.filter((s) => s.path === '/console/api/audit').map((s) => s.query.toString());

describe('AuditPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('shows the trail, before and after as JSON text in an expanded row, and pages back with the last id', async () => {
    const urls = stubServer(['admin'], answers);
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

  it('filters by member (from the staff list for an admin) and action', async () => {
    // Two events are enough here (a full page of 50 rows is the paging test's).
    const urls = stubServer(['admin'], { 'GET /console/api/staff': staffList, 'GET /console/api/audit': { events: [event(100), event(99)] } });
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
    const urls = stubServer(['analyst'], answers);
    renderPage();
    await screen.findByText('PR0000000000000100');
    expect(screen.getByLabelText('Member').getAttribute('role')).toBe('spinbutton');
    expect(urls.some((s) => s.path.startsWith('/console/api/staff'))).toBe(false);
  });
});
