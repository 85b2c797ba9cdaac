/*
 * The name-match rule (issue 37, docs/account.md "Verification"): does the holder's name a bank returned for an
 * account (RazorpayX fund account validation, STP's SPEI validation) name the borrower whose identity was
 * verified? Pure and versioned: each verification stores the rule's version and its explanation, line by line.
 *
 * Rule name-match/1:
 * 1. Both names are normalised: accents and other marks dropped (NFD), capitals, apostrophes joined (D'Souza →
 *    DSOUZA), any other punctuation or digit a space, single spaces. The particles DE, DEL, LA, LAS, LOS, Y and the
 *    titles SR, SRA, SRTA, MR, MRS, MS, MISS, DR, SHRI, SMT are dropped from both: banks keep or drop them at will,
 *    and alone they name nobody.
 * 2. The identity's words have a role: given name or surname (Mexico: given names, then the paternal and the
 *    maternal surname, as the identity step took them; India and any name given as one text: the first word the
 *    given name, the last the surname, the words between either).
 * 3. Order does not count. Each word of the bank's name must stand for a different word of the identity: the same
 *    word, or an initial (a single letter) of it — "J. CARLOS" for Juan Carlos, "R SHARMA" for Rahul Sharma — or
 *    the word an initial of the identity stands for.
 * 4. It is a match when every word of the bank's name is so explained (none contradicts: another given name, a
 *    surname the borrower does not have) AND a given name matches (whole or by its initial) AND a surname matches
 *    whole. The bank may leave words out: one surname of two, a middle name.
 * Otherwise it is a mismatch, and the account is held for a reviewer (a person decides; the rule never refuses
 * money by itself). Known limit: two siblings with a shared given name and surnames match each other.
 */

export const NAME_MATCH_RULE = 'name-match/1';

/** Words dropped from both names before they are compared (rule point 1). */
const IGNORED_WORDS = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'SR', 'SRA', 'SRTA', 'MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SMT']);
/** A name longer than this (in words) is not a person's name: a mismatch for a reviewer. */
const MAX_WORDS = 8;

export type NameRole = 'given' | 'surname' | 'either';

/** The verified identity's name: Mexico's parts as the identity step took them, or one text (India, older records). */
export type IdentityName = { givenNames: string; surnames: string[] } | { fullName: string };

/** One line of the explanation: a word of the bank's name and the identity's word it stands for, or one left out. */
export type NameMatchLine = {
  /** The bank's word (normalised); null: an identity word the bank left out. */
  bank: string | null;
  /** The identity's word it matched; null: it matches none (it contradicts). */
  identity: string | null;
  role: NameRole | null;
  how: 'same' | 'initial' | 'contradicts' | 'left_out';
};

export type NameMatchReason = 'match' | 'empty_bank_name' | 'no_identity_name' | 'too_many_words' | 'word_not_in_identity' | 'no_given_name' | 'no_surname';

export type NameMatch = {
  rule: typeof NAME_MATCH_RULE;
  outcome: 'match' | 'mismatch';
  reason: NameMatchReason;
  bankWords: string[];
  identityWords: string[];
  lines: NameMatchLine[];
};

type Word = { text: string; role: NameRole };
type Pairing = { identityIndex: number; how: 'same' | 'initial' } | null;

/** A name's words, normalised (rule point 1). */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '' && !IGNORED_WORDS.has(w));
}

/** The identity's words with their roles (rule point 2). */
export function identityWords(identity: IdentityName): Word[] {
  if ('givenNames' in identity) {
    const given = nameWords(identity.givenNames).map((text): Word => ({ text, role: 'given' }));
    const surnames = identity.surnames.flatMap((s) => nameWords(s)).map((text): Word => ({ text, role: 'surname' }));
    return [...given, ...surnames];
  }
  const words = nameWords(identity.fullName);
  if (words.length === 1) return [{ text: words[0]!, role: 'either' }];
  return words.map((text, i): Word => ({ text, role: i === 0 ? 'given' : i === words.length - 1 ? 'surname' : 'either' }));
}

/** How a bank's word stands for an identity's word (rule point 3), or null. */
function pairing(bank: string, identity: string): 'same' | 'initial' | null {
  if (bank === identity) return 'same';
  if (bank.length === 1 && identity.startsWith(bank)) return 'initial';
  if (identity.length === 1 && bank.startsWith(identity)) return 'initial';
  return null;
}

const GIVEN = 1;
const SURNAME = 2;

/**
 * What a pairing may satisfy of rule point 4: a given name (whole or initial), a surname (whole only). A word of
 * either role counts as one or the other, never both (one word is never a whole name).
 */
function satisfies(word: Word, how: 'same' | 'initial'): number[] {
  const asSurname = how === 'same' ? SURNAME : 0;
  if (word.role === 'given') return [GIVEN];
  if (word.role === 'surname') return [asSurname];
  return [GIVEN, asSurname];
}

/**
 * Pairs every bank word with a different identity word so that `needs` (GIVEN | SURNAME bits) is satisfied, trying
 * every pairing (names are short: at most MAX_WORDS words, memoised on what is used), so the answer never depends
 * on the words' order. Undefined: no such pairing.
 */
function pairAll(bank: string[], identity: Word[], needs: number): Pairing[] | undefined {
  const failed = new Set<string>();
  const walk = (i: number, used: number, got: number): Pairing[] | undefined => {
    if (i === bank.length) return (got & needs) === needs ? [] : undefined;
    const key = `${i}:${used}:${got}`;
    if (failed.has(key)) return undefined;
    for (let j = 0; j < identity.length; j++) {
      if (used & (1 << j)) continue;
      const how = pairing(bank[i]!, identity[j]!.text);
      if (!how) continue;
      for (const adds of satisfies(identity[j]!, how)) {
        const rest = walk(i + 1, used | (1 << j), got | adds);
        if (rest) return [{ identityIndex: j, how }, ...rest];
      }
    }
    failed.add(key);
    return undefined;
  };
  return walk(0, 0, 0);
}

/** As many bank words as possible paired (same words first, then initials), for the explanation of a contradiction. */
function pairGreedy(bank: string[], identity: Word[]): Pairing[] {
  const used = new Set<number>();
  const result: Pairing[] = bank.map(() => null);
  for (const pass of ['same', 'initial'] as const) {
    bank.forEach((b, i) => {
      if (result[i]) return;
      const j = identity.findIndex((w, k) => !used.has(k) && pairing(b, w.text) === pass);
      if (j >= 0) {
        used.add(j);
        result[i] = { identityIndex: j, how: pass };
      }
    });
  }
  return result;
}

function explain(bank: string[], identity: Word[], pairs: Pairing[]): NameMatchLine[] {
  const lines: NameMatchLine[] = bank.map((b, i) => {
    const p = pairs[i];
    return p ? { bank: b, identity: identity[p.identityIndex]!.text, role: identity[p.identityIndex]!.role, how: p.how } : { bank: b, identity: null, role: null, how: 'contradicts' };
  });
  const usedIdentity = new Set(pairs.flatMap((p) => (p ? [p.identityIndex] : [])));
  identity.forEach((w, j) => {
    if (!usedIdentity.has(j)) lines.push({ bank: null, identity: w.text, role: w.role, how: 'left_out' });
  });
  return lines;
}

/** Compares the bank's holder name with the verified identity's name under rule name-match/1 (see the top). */
export function matchNames(bankName: string, identity: IdentityName): NameMatch {
  const bank = nameWords(bankName);
  const words = identityWords(identity);
  const base = { rule: NAME_MATCH_RULE, bankWords: bank, identityWords: words.map((w) => w.text) } as const;
  const mismatch = (reason: NameMatchReason, pairs: Pairing[] = bank.map(() => null)): NameMatch => ({
    ...base,
    outcome: 'mismatch',
    reason,
    lines: explain(bank, words, pairs),
  });
  if (words.length === 0) return mismatch('no_identity_name');
  if (bank.length === 0) return mismatch('empty_bank_name');
  if (bank.length > MAX_WORDS || words.length > MAX_WORDS) return mismatch('too_many_words');
  const full = pairAll(bank, words, GIVEN | SURNAME);
  if (full) return { ...base, outcome: 'match', reason: 'match', lines: explain(bank, words, full) };
  const any = pairAll(bank, words, 0);
  if (!any) return mismatch('word_not_in_identity', pairGreedy(bank, words));
  const withGiven = pairAll(bank, words, GIVEN);
  return withGiven ? mismatch('no_surname', withGiven) : mismatch('no_given_name', any);
}

/** The name as one text, for the beneficiary and the reviewer: the identity's words as typed, single spaces. */
export function identityNameText(identity: IdentityName): string {
  const text = 'givenNames' in identity ? [identity.givenNames, ...identity.surnames].join(' ') : identity.fullName;
  return text.trim().replace(/\s+/g, ' ');
}
