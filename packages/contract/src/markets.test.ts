import { describe, expect, it } from 'vitest';
import { defaultBrand } from './brand';
import { endSentence, formatMarketMoney, formatMarketPercent, formatMarketRate, isMarketCode, marketCodes, markets } from './markets';
import { formatPpmAsRate } from './money';

describe('markets', () => {
  it('write money with their own sign, Mexico in §9’s format, India as Indian readers do (decision 022)', () => {
    expect(formatMarketMoney(1_000_000, 'MX')).toBe('$10.000,00');
    expect(formatMarketMoney(10_000_000, 'MX')).toBe('$100.000,00');
    expect(formatMarketMoney(1_000_000, 'IN')).toBe('₹10,000.00');
    expect(formatMarketMoney(2_716_798, 'IN')).toBe('₹27,167.98');
    expect(formatMarketMoney(10_000_000, 'IN')).toBe('₹1,00,000.00');
    expect(formatMarketMoney(-5, 'IN')).toBe('-₹0.05');
  });

  it('write rates their own way: "43,36%" in Mexico, "43.36%" in India', () => {
    expect(formatMarketPercent(433_600, 'MX')).toBe('43,36%');
    expect(formatMarketPercent(433_600, 'IN')).toBe('43.36%');
    expect(formatMarketRate(365_000, 'MX')).toBe('36,5%');
    expect(formatMarketRate(365_000, 'IN')).toBe('36.5%');
    expect(formatMarketRate(180_000, markets.IN)).toBe('18%');
  });

  it('each has its lender, contacts of its country, a year for the annual rate and its legal texts', () => {
    expect(markets.MX.legalEntity.name).toBe('Presta Servicios Financieros S.A. de C.V.');
    expect(markets.IN.legalEntity.name).toBe('Presta Finance India Private Limited');
    expect(markets.IN.legalEntity.address).toMatch(/Bengaluru/);
    for (const code of marketCodes) {
      const prefix = code === 'MX' ? '+52 ' : '+91 ';
      expect(markets[code].support.phone.startsWith(prefix)).toBe(true);
      expect(markets[code].support.whatsapp.startsWith(prefix)).toBe(true);
    }
    expect([markets.MX.yearDays, markets.IN.yearDays]).toEqual([360, 365]);
    expect([...markets.MX.legalTexts, ...markets.IN.legalTexts].sort()).toEqual(['loan-terms', 'privacy-notice']);
  });

  it('the default brand’s company and contacts are Mexico’s (one place)', () => {
    expect(defaultBrand.companyName).toBe(markets.MX.legalEntity.name);
    expect(defaultBrand.companyAddress).toBe(markets.MX.legalEntity.address);
    expect([defaultBrand.serviceWhatsapp, defaultBrand.servicePhone, defaultBrand.serviceEmail]).toEqual([
      markets.MX.support.whatsapp,
      markets.MX.support.phone,
      markets.MX.support.email,
    ]);
  });

  it('know their codes only', () => {
    expect(isMarketCode('MX')).toBe(true);
    expect(isMarketCode('IN')).toBe(true);
    expect(isMarketCode('US')).toBe(false);
    expect(isMarketCode('constructor')).toBe(false);
    expect(isMarketCode(undefined)).toBe(false);
  });

  it('end a sentence after a name with one full stop ("S.A. de C.V." never gets a second)', () => {
    expect(endSentence('Beneficiario: Presta Servicios Financieros S.A. de C.V.')).toBe('Beneficiario: Presta Servicios Financieros S.A. de C.V.');
    expect(endSentence('Beneficiary: Presta Finance India Private Limited')).toBe('Beneficiary: Presta Finance India Private Limited.');
  });
});

describe('rates as the agreement writes them', () => {
  it('with the decimals they need', () => {
    expect(formatPpmAsRate(180_000)).toBe('18%');
    expect(formatPpmAsRate(365_000)).toBe('36,5%');
    expect(formatPpmAsRate(30_000)).toBe('3%');
    expect(formatPpmAsRate(500)).toBe('0,05%');
    expect(formatPpmAsRate(65)).toBe('0,0065%');
  });
});
