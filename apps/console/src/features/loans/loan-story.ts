import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleLoan } from '@presta/contract/api/console/loans';

/** A loan's whole story as the server answers it (consoleLoan). */
export type LoanStory = DataOf<typeof consoleLoan>;
