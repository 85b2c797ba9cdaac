import { afterEach, describe, expect, it } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { complaintImageSrc } from './image-src';

function at(query: string) {
  window.history.replaceState(null, '', `/complainDetails?${query}`);
  initLanguage(window.location.search);
}

describe('complaintImageSrc', () => {
  afterEach(() => {
    delete window.__PRESTA_API_BASE__;
  });

  it('adds the session parameters and the language to a stored image path', () => {
    at('swift=sess-9&showy=dev-1&problemId=41&language=1');
    const url = new URL(complaintImageSrc('/user-problem/problem-image/7'), 'http://localhost');
    expect(url.pathname).toBe('/user-problem/problem-image/7');
    expect(Object.fromEntries(url.searchParams)).toEqual({ swift: 'sess-9', showy: 'dev-1', language: '1' });
  });

  it('resolves the path against the API base', () => {
    at('swift=sess-9');
    window.__PRESTA_API_BASE__ = 'https://api.example.com/';
    expect(complaintImageSrc(' /user-problem/problem-image/7 ')).toBe('https://api.example.com/user-problem/problem-image/7?swift=sess-9&language=2');
  });

  it('never sends the session to an absolute address, and drops other schemes', () => {
    at('swift=sess-9');
    expect(complaintImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(complaintImageSrc('//cdn.example.com/a.png')).toBe('');
    expect(complaintImageSrc('javascript:alert(1)')).toBe('');
    expect(complaintImageSrc('data:image/png;base64,AAAA')).toBe('');
    expect(complaintImageSrc('  ')).toBe('');
  });
});
