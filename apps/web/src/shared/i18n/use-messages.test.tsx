import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getLanguage,
  initLanguage,
  languageFromSearch,
  languageStorageKey,
  setLanguage,
  syncLanguageFromUrl,
} from '@/shared/i18n/language-store';
import { defineCatalogue, getMessage, interpolate, useMessages } from '@/shared/i18n/use-messages';

const catalogue = defineCatalogue({
  es: { hello: 'Hola, {name}', total: 'Total: {amount}' },
  en: { hello: 'Hello, {name}', total: 'Total: {amount}' },
});

function Sample() {
  const messages = useMessages(catalogue);
  const { t, lang } = messages;
  return (
    <div>
      <p>{t('hello', { name: 'Ana' })}</p>
      <p>{t('total', { amount: '$1.234,56' })}</p>
      <p data-testid="meta">
        {lang}|{Object.keys(messages).sort().join(',')}
      </p>
    </div>
  );
}

describe('language store', () => {
  it('defaults to Spanish', () => {
    expect(initLanguage('')).toBe('es');
    expect(getLanguage()).toBe('es');
  });

  it('reads the language URL parameter (1 English, 2 Spanish) and stores it', () => {
    expect(languageFromSearch('?language=1')).toBe('en');
    expect(languageFromSearch('?language=2')).toBe('es');
    expect(languageFromSearch('?x=1')).toBeNull();
    expect(initLanguage('?language=1')).toBe('en');
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
    // Without the parameter the stored setting is used.
    expect(initLanguage('')).toBe('en');
  });

  it('uses the stored setting when the URL has none', () => {
    localStorage.setItem(languageStorageKey, 'en');
    expect(initLanguage('?productId=1')).toBe('en');
  });

  it('a navigation with a language parameter switches and stores; one without keeps the current', () => {
    initLanguage('');
    expect(syncLanguageFromUrl('?language=1')).toBe('en');
    expect(syncLanguageFromUrl('?orderId=3')).toBe('en');
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
  });

  it('setLanguage persists unless asked not to', () => {
    setLanguage('en', false);
    expect(getLanguage()).toBe('en');
    expect(localStorage.getItem(languageStorageKey)).toBeNull();
    setLanguage('es');
    expect(localStorage.getItem(languageStorageKey)).toBe('es');
  });
});

describe('messages', () => {
  it('interpolates {name} placeholders and leaves unknown ones', () => {
    expect(interpolate('Hola {name}, {unknown}', { name: 'Ana' })).toBe('Hola Ana, {unknown}');
    expect(interpolate('{n} días', { n: 7 })).toBe('7 días');
  });

  it('getMessage reads the current language, or the one given', () => {
    expect(getMessage(catalogue, 'hello', { name: 'Ana' })).toBe('Hola, Ana');
    expect(getMessage(catalogue, 'hello', { name: 'Ann' }, 'en')).toBe('Hello, Ann');
    setLanguage('en');
    expect(getMessage(catalogue, 'hello', { name: 'Ann' })).toBe('Hello, Ann');
  });

  // Issue 12: the language chose the currency sign ('₹' in English). It chooses the words only now.
  it('useMessages switches the words with the language and offers no currency of its own', () => {
    render(<Sample />);
    expect(screen.getByText('Hola, Ana')).toBeTruthy();
    expect(screen.getByTestId('meta').textContent).toBe('es|lang,t');

    act(() => setLanguage('en'));
    expect(screen.getByText('Hello, Ana')).toBeTruthy();
    expect(screen.getByText('Total: $1.234,56')).toBeTruthy();
    expect(screen.getByTestId('meta').textContent).toBe('en|lang,t');
  });
});
