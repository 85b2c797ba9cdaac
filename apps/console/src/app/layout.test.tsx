import { act, screen, within } from '@testing-library/react';
import type { StaffRole } from '@presta/contract/staff-roles';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/shared/api/client';
import { consoleApplications } from '@presta/contract/api/console/review';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import { ConsoleLayout } from './layout';

const menuLinks = async () => {
  const menu = await screen.findByRole('navigation', { name: 'Menu' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('the menu', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it("shows the screens a member's roles may use, and their own account to every member", async () => {
    stubServer(['support'], {});
    renderScreen(<ConsoleLayout />);
    expect(await menuLinks()).toEqual([
      ['Applications', '/applications'],
      ['Loans', '/loans'],
      ['Complaints', '/complaints'],
      ['Promotion', '/promotion'],
      ['My account', '/account'],
    ]);
  });

  it('shows an admin the staff screen, and their account', async () => {
    stubServer(['admin'], {});
    renderScreen(<ConsoleLayout />);
    const links = await menuLinks();
    expect(links).toContainEqual(['Staff', '/staff']);
    expect(links).toContainEqual(['My account', '/account']);
    expect(links).not.toContainEqual(['Review', '/review']);
  });
});

describe('roles changed by another admin (decision 023)', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('show at the next call of any screen, without a reload: the menu and the header follow', async () => {
    let roles: StaffRole[] = ['admin'];
    stubServer(['admin'], { 'GET /console/api/applications': { applications: [] } }, { rolesNow: () => roles });
    renderScreen(<ConsoleLayout />);
    expect(await menuLinks()).not.toContainEqual(['Review', '/review']);
    expect(screen.getByText('Ana · Admin')).toBeTruthy();
    roles = ['reviewer', 'admin'];
    await act(() => call(consoleApplications, { status: '21' }));
    expect(await menuLinks()).toContainEqual(['Review', '/review']);
    expect(screen.getByText('Ana · Reviewer, Admin')).toBeTruthy();
    roles = ['admin'];
    await act(() => call(consoleApplications, { status: '21' }));
    expect(await menuLinks()).not.toContainEqual(['Review', '/review']);
  });

  it('show when the console comes back into view (it asks /me again)', async () => {
    let roles: StaffRole[] = ['support'];
    const sent = stubServer(['support'], {}, { rolesNow: () => roles });
    renderScreen(<ConsoleLayout />);
    expect(await menuLinks()).toContainEqual(['Complaints', '/complaints']);
    roles = ['finance'];
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await Promise.resolve();
    });
    await screen.findByText('Ana · Finance');
    expect(await menuLinks()).toContainEqual(['Disbursal', '/disbursal']);
    expect(await menuLinks()).not.toContainEqual(['Complaints', '/complaints']);
    expect(sent.filter((s) => s.path === '/console/api/me')).toHaveLength(2);
  });
});
