/**
 * Full-page navigations, in one place so tests can replace them
 * (jsdom does not navigate).
 */
export function replaceLocation(url: string): void {
  location.replace(url);
}

export function assignLocation(url: string): void {
  location.assign(url);
}
