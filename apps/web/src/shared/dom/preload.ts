/**
 * Asks the browser for a picture the page is about to show (known from an
 * early API answer), so the <img> finds it in the cache. `high`: the page's
 * largest picture.
 */
export function preloadImage(href: string, priority: 'high' | 'auto' = 'auto'): void {
  if (typeof document === 'undefined' || !href) return;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')) {
    if (link.getAttribute('href') === href) return;
  }
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  if (priority !== 'auto') link.setAttribute('fetchpriority', priority);
  document.head.append(link);
}
