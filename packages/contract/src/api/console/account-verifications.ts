import { z } from 'zod';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';

/*
 * Bank account verification in the back office (issue 37, docs/account.md "Verification"): the accounts held
 * because the holder's name the bank returned does not match the borrower's verified identity name, with both
 * names and the name-match rule's explanation, word by word; a reviewer accepts one (it may be paid) or rejects it
 * (the borrower gives another), each with a reason, audited. accounts.readVerification lists (each account shown
 * is audited: identity names); accounts.reviewVerification decides.
 */

const get = (path: string) => ({ method: 'GET', path }) as const;
const post = (path: string) => ({ method: 'POST', path }) as const;

export const accountVerificationRoutes = {
  consoleAccountVerifications: get('/console/api/account-verifications'),
  consoleAccountVerificationAccept: post('/console/api/account-verifications/accept'),
  consoleAccountVerificationReject: post('/console/api/account-verifications/reject'),
} as const;

/** One line of the rule's explanation: a word of the bank's name and the identity's word it stands for. */
export const nameMatchLineSchema = z.object({
  bank: z.string().nullable(),
  identity: z.string().nullable(),
  role: z.enum(['given', 'surname', 'either']).nullable(),
  /** same: the same word; initial: an initial of it; contradicts: the bank's word names nobody in the identity; left_out: the bank left it out. */
  how: z.enum(['same', 'initial', 'contradicts', 'left_out']),
});

export const nameMatchSchema = z.object({
  /** The rule's version (name-match/1). */
  rule: z.string(),
  outcome: z.enum(['match', 'mismatch']),
  reason: z.enum(['match', 'empty_bank_name', 'no_identity_name', 'too_many_words', 'word_not_in_identity', 'no_given_name', 'no_surname']),
  /** application: the name the identity verifier confirmed; registration: the name the borrower registered with (not verified). */
  identitySource: z.enum(['application', 'registration']),
  applicationNo: z.string().nullable(),
  lines: z.array(nameMatchLineSchema),
});

export const heldAccountSchema = z.object({
  verificationId: z.number().int(),
  status: z.enum(['mismatch', 'accepted', 'rejected']),
  provider: z.string(),
  market: marketSchema,
  borrower: z.object({ id: z.number().int(), fullName: z.string() }),
  account: z.object({ masked: z.string(), bankName: z.string(), ifsc: z.string().nullable() }),
  /** The holder's name as the bank registered it (null: the bank returned none). */
  registeredName: z.string().nullable(),
  /** The borrower's verified identity name it was compared with. */
  identityName: z.string().nullable(),
  match: nameMatchSchema.nullable(),
  createdAt: z.string(),
});

export const consoleAccountVerifications = endpoint({
  ...accountVerificationRoutes.consoleAccountVerifications,
  summary: 'Bank accounts held for a reviewer (the bank’s holder name does not match the verified identity name), oldest first; or those accepted or rejected',
  request: z.object({
    status: z.enum(['mismatch', 'accepted', 'rejected']).default('mismatch'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.object({ accounts: z.array(heldAccountSchema) }),
});

const decisionRequest = z.object({
  verificationId: z.coerce.number().int().positive(),
  reason: z.string().trim().min(3).max(500),
});
const decisionData = z.object({ verificationId: z.number().int(), status: z.enum(['accepted', 'rejected']) });

export const consoleAccountVerificationAccept = endpoint({
  ...accountVerificationRoutes.consoleAccountVerificationAccept,
  summary: 'Accept a held bank account with a reason: it may receive disbursals; recorded in the audit trail',
  request: decisionRequest,
  data: decisionData,
});

export const consoleAccountVerificationReject = endpoint({
  ...accountVerificationRoutes.consoleAccountVerificationReject,
  summary: 'Reject a held bank account with a reason: it receives nothing, the borrower is asked for another; recorded in the audit trail',
  request: decisionRequest,
  data: decisionData,
});
