import type { Normalised } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';

/** What a refused sign-in or bank-account step asks of the page. */
export type Refusal = {
  message: string;
  /** No account for this phone (404): the message leads to registration. */
  noAccount: boolean;
  /**
   * The picture cannot be answered again: its answer was wrong (400002), or right and spent on this phone
   * though no code followed (a phone with no account, too many codes: 429), or the call's fate is unknown
   * (a network failure). Only a phone refused before the picture was looked at (400001) leaves it usable.
   */
  captchaSpent: boolean;
  /** The SMS code was wrong, expired or used up: it is cleared for another try. */
  codeWrong: boolean;
};

/** The server's refusal as the page shows it (its own message; network failures carry the client's). */
export function refusalOf(result: Normalised<unknown>): Refusal {
  return {
    message: result.message,
    noAccount: result.code.startsWith('404'),
    captchaSpent: result.code !== errorCodes.badRequest,
    codeWrong: result.code === errorCodes.smsCodeWrong,
  };
}
