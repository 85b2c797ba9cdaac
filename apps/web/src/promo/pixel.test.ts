import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConversionHandler, trackConversion } from './pixel';

type PixelWindow = Window & { fbq?: unknown; dataLayer?: unknown[] };

describe('conversion pixel hook', () => {
  afterEach(() => {
    setConversionHandler(null);
    delete (window as PixelWindow).fbq;
    delete (window as PixelWindow).dataLayer;
  });

  it('is off without a template pixelId or without UC', () => {
    const handler = vi.fn();
    setConversionHandler(handler);
    expect(trackConversion('', 'abc')).toBe(false);
    expect(trackConversion(undefined, 'abc')).toBe(false);
    expect(trackConversion('PX1', '')).toBe(false);
    expect(trackConversion('PX1', undefined)).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });

  it('hands CompleteRegistration to fbq and dataLayer when the page has them', () => {
    const fbq = vi.fn();
    (window as PixelWindow).fbq = fbq;
    (window as PixelWindow).dataLayer = [];
    expect(trackConversion('PX1', 'uc-9', '2')).toBe(true);
    expect(fbq).toHaveBeenCalledWith('trackSingle', 'PX1', 'CompleteRegistration');
    expect((window as PixelWindow).dataLayer).toEqual([{ event: 'CompleteRegistration', pixelId: 'PX1', uc: 'uc-9', templateId: '2' }]);
  });

  it('does nothing visible (and loads nothing) when the page has no tag', () => {
    const scripts = document.scripts.length;
    expect(trackConversion('PX1', 'uc-9')).toBe(true);
    expect(document.scripts.length).toBe(scripts);
  });

  it('uses a configured handler, and a failing one does not throw', () => {
    const handler = vi.fn();
    setConversionHandler(handler);
    trackConversion('PX1', 'uc-9', '2');
    expect(handler).toHaveBeenCalledWith({ name: 'CompleteRegistration', pixelId: 'PX1', uc: 'uc-9', templateId: '2' });
    setConversionHandler(() => {
      throw new Error('tag broke');
    });
    expect(() => trackConversion('PX1', 'uc-9')).not.toThrow();
  });
});
