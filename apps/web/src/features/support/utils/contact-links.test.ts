import { describe, expect, it } from 'vitest';
import { mailLink, phoneDigits, telephoneLink, whatsappLink } from './contact-links';

describe('contact links', () => {
  it('WhatsApp: a wa.me chat with the digits only', () => {
    expect(whatsappLink('+52 55 5000 4321')).toBe('https://wa.me/525550004321');
    expect(whatsappLink('(55) 5000-4321')).toBe('https://wa.me/5550004321');
    expect(whatsappLink('  ')).toBeNull();
  });

  it('telephone: tel: with a leading + kept', () => {
    expect(telephoneLink('+52 55 5000 1234')).toBe('tel:+525550001234');
    expect(telephoneLink('55 5000 1234')).toBe('tel:5550001234');
    expect(telephoneLink('')).toBeNull();
    expect(phoneDigits('+52 (55) 5000-1234')).toBe('525550001234');
  });

  it('e-mail: mailto: for an address only', () => {
    expect(mailLink(' ayuda@presta.example ')).toBe('mailto:ayuda@presta.example');
    expect(mailLink('not an address')).toBeNull();
    expect(mailLink('a@b.mx?cc=x@y.mx')).toBeNull();
  });
});
