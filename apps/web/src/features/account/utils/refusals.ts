import type { Normalised } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { retryAfterOf } from '@/shared/http/http-client';

/** What a refused sign-in or bank-account step asks of the page. */
export type Refusal = {
  message: string;
  /** No account for this phone (404): the message leads to registration. */
  noAccount: boolean;
  /**
   * The picture cannot be answered again: its answer was wrong (400003), or right and spent on this phone
   * though no code followed (a phone with no account), or the call's fate is unknown (a network failure). A
   * phone refused before the picture was looked at (400001) and a send refused by a limit (429: the server
   * keeps the answer good for this phone, decision 025) leave it usable.
   */
  captchaSpent: boolean;
  /** A send refused as too soon: the seconds to wait (the server's Retry-After), counted on the button. */
  retryAfter: number | undefined;
  /** The SMS code was wrong, expired or used up: it is cleared for another try. */
  codeWrong: boolean;
};

/** The server's refusal as the page shows it (its own message; network failures carry the client's). */
export function refusalOf(result: Normalised<unknown>): Refusal {
  return {
    message: result.message,
    noAccount: result.code.startsWith('404'),
    captchaSpent: result.code !== errorCodes.badRequest && result.code !== errorCodes.rateLimited,
    codeWrong: result.code === errorCodes.smsCodeWrong,
    retryAfter: result.code === errorCodes.rateLimited ? retryAfterOf(result.raw) : undefined,
  };
}
