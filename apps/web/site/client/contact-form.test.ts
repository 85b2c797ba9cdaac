import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteLanguage } from '../messages';
import { ContactPage } from '../pages/contact-page';
import { initContactForm } from './contact-form';

let dispose: (() => void) | undefined;

/** The real prerendered contact page content, wired. */
function mountForm(lang: SiteLanguage) {
  document.body.innerHTML = renderToStaticMarkup(createElement(ContactPage, { lang }));
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]')!;
  dispose = initContactForm(form);
  return form;
}

function fill(form: HTMLFormElement, values: Partial<Record<'name' | 'phone' | 'email' | 'remark', string>>) {
  for (const [name, value] of Object.entries(values)) {
    (form.elements.namedItem(name) as HTMLInputElement).value = value;
  }
}

const statusText = () => document.querySelector('[data-contact-status]')!.textContent;
const complete = { name: 'Ana López', phone: '5512345678', email: 'ana@example.com', remark: 'Quisiera más información.' };

describe('contact form', () => {
  afterEach(() => {
    dispose?.();
    vi.useRealTimers();
  });

  it('says "Please provide complete information!" for 1 s when a field is empty (English)', () => {
    vi.useFakeTimers();
    const form = mountForm('en');
    fill(form, { ...complete, email: '' });
    form.requestSubmit();
    expect(statusText()).toBe('Please provide complete information!');
    expect(form.elements.namedItem('email')).toHaveProperty('value', '');
    expect((form.elements.namedItem('email') as HTMLElement).getAttribute('aria-invalid')).toBe('true');
    expect((form.elements.namedItem('name') as HTMLElement).getAttribute('aria-invalid')).toBe('false');
    vi.advanceTimersByTime(999);
    expect(statusText()).toBe('Please provide complete information!');
    vi.advanceTimersByTime(1);
    expect(statusText()).toBe('');
  });

  it('treats a blank field as empty and checks every field', () => {
    const form = mountForm('en');
    for (const field of ['name', 'phone', 'email', 'remark'] as const) {
      fill(form, { ...complete, [field]: '   ' });
      form.requestSubmit();
      expect(statusText()).toBe('Please provide complete information!');
    }
  });

  it('says "Successful!" when every field is filled, sends nothing and clears the form', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const form = mountForm('en');
    fill(form, complete);
    form.requestSubmit();
    expect(statusText()).toBe('Successful!');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((form.elements.namedItem('name') as HTMLInputElement).value).toBe('');
  });

  it('speaks Spanish on the Spanish page', () => {
    const form = mountForm('es');
    form.requestSubmit();
    expect(statusText()).toBe('¡Proporcione la información completa!');
    fill(form, complete);
    form.requestSubmit();
    expect(statusText()).toBe('¡Enviado con éxito!');
  });

  it('has a visible label for every field', () => {
    const form = mountForm('es');
    for (const control of Array.from(form.querySelectorAll('input, textarea'))) {
      expect(form.querySelector(`label[for="${control.id}"]`)?.textContent).toBeTruthy();
    }
    expect(form.querySelector('[data-contact-status]')!.getAttribute('role')).toBe('status');
  });
});
