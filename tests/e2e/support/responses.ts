import type { Page, Response } from '@playwright/test';

/**
 * The next response matching `match` to a request made from now on. A page that is left may still be answering a
 * call it made before (loan details polls; a page fetches again after an action): waiting for "the next response"
 * could catch that one, whose body goes with the page left ("No resource with given identifier found").
 */
export function nextResponse(page: Page, match: (response: Response) => boolean): Promise<Response> {
  const from = Date.now();
  return page.waitForResponse((r) => match(r) && r.request().timing().startTime >= from);
}
