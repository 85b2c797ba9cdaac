import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import { passwordLength, staffPasswordMinLength } from '@presta/contract/api/console/session';
import { badRequest, type AppError } from '../../lib/app-error';

/*
 * A staff password's rules (issue 32, decision 024; NIST SP 800-63B §3.1.1.2): at least staffPasswordMinLength
 * characters as a person counts them (passwordLength), at most PASSWORD_MAX_LENGTH UTF-16 units (what argon2 is
 * given); not a common, repetitive or sequential password, nor one built on the member's e-mail or name, judged by
 * zxcvbn-ts over its common-password, English and Spanish dictionaries and keyboard layouts. No composition rules.
 */

export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn's score a password must reach: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * Built on first use (about 0.4 s: the dictionaries are ranked). Without Levenshtein matching, which took seconds
 * a password with the dictionaries of three languages; the exact, reversed and l33t matches stay.
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: false,
  });
  return estimator;
}

/** What a password is made of, for the member: their e-mail, its local part and its words, their name's words. */
function userInputs(email: string, name: string): string[] {
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[^\p{L}\p{N}]+/u), ...name.split(/\s+/)].filter((w) => w.length >= 3);
}

/** The message for a weak password, from zxcvbn's warning (its keys: the default translations are the keys). */
function weakness(result: ZxcvbnResult): AppError {
  switch (result.feedback.warning) {
    case 'straightRow':
    case 'keyPattern':
    case 'simpleRepeat':
    case 'extendedRepeat':
    case 'sequences':
    case 'recentYears':
    case 'dates':
      return badRequest('staffPasswordRepetitive');
    case 'userInputs':
      return badRequest('staffPasswordPersonal');
    case 'topTen':
    case 'topHundred':
    case 'common':
    case 'similarToCommon':
    case 'wordByItself':
    case 'namesByThemselves':
    case 'commonNames':
    case 'pwned':
      return badRequest('staffPasswordCommon');
    default:
      return badRequest('staffPasswordWeak');
  }
}

/** Why a member may not choose this password (a 400 in the caller's language), or undefined when they may. */
export function passwordRefusal(password: string, member: { email: string; name: string }): AppError | undefined {
  if (passwordLength(password) < staffPasswordMinLength) return badRequest('staffPasswordTooShort', { min: staffPasswordMinLength });
  if (password.length > PASSWORD_MAX_LENGTH) return badRequest('staffPasswordTooLong', { max: PASSWORD_MAX_LENGTH });
  const lower = password.toLowerCase();
  const local = member.email.split('@')[0] ?? '';
  if (lower.includes(member.email.toLowerCase()) || (local.length >= 4 && lower.includes(local.toLowerCase()))) return badRequest('staffPasswordPersonal');
  const result = zxcvbn().check(password, userInputs(member.email, member.name));
  return result.score < PASSWORD_MIN_SCORE ? weakness(result) : undefined;
}
