import { afterEach, describe, expect, it } from 'vitest';
import { preloadImage } from './preload';

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => ({
    as: l.getAttribute('as'),
    href: l.getAttribute('href'),
    fetchpriority: l.getAttribute('fetchpriority'),
  }));

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('preloadImage', () => {
  it('adds one image preload per address', () => {
    preloadImage('/assets/status/status-174.svg', 'high');
    preloadImage('/assets/status/status-174.svg');
    preloadImage('https://cdn.example.com/logo.png');
    preloadImage('');
    expect(preloads()).toEqual([
      { as: 'image', href: '/assets/status/status-174.svg', fetchpriority: 'high' },
      { as: 'image', href: 'https://cdn.example.com/logo.png', fetchpriority: null },
    ]);
  });
});
