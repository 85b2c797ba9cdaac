import { describe, expect, it } from 'vitest';
import { reviewerDeclineReasons } from '@presta/contract/application-rules';
import { creditEn, creditEs } from '../../../../server/src/i18n/messages/credit';
import { applicationsMessages } from './messages';

/*
 * The decline modal shows the reviewer the words the borrower will read for each reason. The borrower's words are
 * the server's (creditReason_<code>); the console keeps a copy to show before anything is sent. They must not drift.
 */
describe('the decline reasons as the borrower reads them', () => {
  it.each(reviewerDeclineReasons)('%s: the console shows the server’s words in both languages', (reason) => {
    expect(applicationsMessages.es[`reasonText_${reason}`]).toBe(creditEs[`creditReason_${reason}`]);
    expect(applicationsMessages.en[`reasonText_${reason}`]).toBe(creditEn[`creditReason_${reason}`]);
  });
});
