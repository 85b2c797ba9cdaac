import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
