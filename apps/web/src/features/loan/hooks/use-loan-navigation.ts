import { useSyncExternalStore } from 'react';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { routes } from '@presta/contract/routes';
import { getBrand } from '@/shared/brand/brand';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { bridge } from '@/shared/bridge/native-bridge';
import { assignLocation } from '@/shared/session/navigation';
import { pageUrl } from '@/shared/session/session-params';
import type { OrderIds } from '@/shared/ui/order-data-page';
import { isExternalAddress, sessionLinkFromAddress } from '../utils/links';

/** Whether the page has no app to open the app's scheme (a plain browser): fixed for the page's life. */
const opensSchemeInBrowser = () => bridge.transportFor(bridgeMessages.openSchemeUrl) === 'browser';
const noChanges = () => () => {};
/** What a server render assumes (it cannot see the app's bridge): the app, which opens the pages it renders; the client corrects it after hydrating. */
const inTheApp = () => false;

/** Where the loan details' actions lead: Repay, Extension and Borrow again. */
export function useLoanNavigation(data: LoanDetailsData, ids: OrderIds) {
  const goRepay = () => {
    const h5Url = data.h5Url.trim();
    if (h5Url && isExternalAddress(h5Url)) {
      assignLocation(h5Url);
      return;
    }
    assignLocation((h5Url && sessionLinkFromAddress(h5Url)) || pageUrl(routes.repayment, ids));
  };
  const goExtension = () => assignLocation(pageUrl(routes.repaymentDelay, ids));
  // In the app, borrowing again is the app's (its scheme). A plain browser cannot open the scheme
  // (presta://…: nothing happened, issue 14): it opens home's offers (issue 16), as the note under the button says.
  const inBrowser = useSyncExternalStore(noChanges, opensSchemeInBrowser, inTheApp);
  const borrowAgain = () => {
    if (inBrowser) {
      assignLocation(`${pageUrl(routes.main)}#offers`);
      return;
    }
    bridge.openSchemeUrl(getBrand().appScheme + ids.productId, ids.productId);
  };

  return { goRepay, goExtension, borrowAgain, inBrowser };
}
