import type { FastifyInstance } from 'fastify';
import {
  consoleAccountVerificationAccept,
  consoleAccountVerificationReject,
  consoleAccountVerifications,
} from '@presta/contract/api/console/account-verifications';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { acceptMismatch, listHeldVerifications, rejectAccount } from '../account/account-verification-review';
import { staffCall } from '../staff/staff-call';

/**
 * The reviewer's bank account verifications (issue 37; docs/account.md "Verification"): the accounts held on a
 * name mismatch with both names and the rule's explanation (each shown recorded as read), and the decision on one
 * (accept or reject, a reason required, audited with the member).
 */
export default function consoleAccountVerificationRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleAccountVerifications, {
    ...staffCall('accounts.readVerification'),
    handler: async (input, request) => {
      const held = await listHeldVerifications(app.db, { ...input, viewer: request.staff.actor });
      return {
        accounts: held.map((h) => ({
          ...h,
          status: h.status as 'mismatch' | 'accepted' | 'rejected',
          match: h.match ? { rule: h.match.rule, outcome: h.match.outcome, reason: h.match.reason, identitySource: h.match.identitySource, applicationNo: h.match.applicationNo, lines: h.match.lines } : null,
          createdAt: h.createdAt.toISOString(),
        })),
      };
    },
  });

  const refusals = { 400: [errorCodes.badRequest], 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] };
  registerEndpoint(app, consoleAccountVerificationAccept, {
    ...staffCall('accounts.reviewVerification'),
    refusals,
    handler: async (input, request) => {
      const row = await acceptMismatch({ db: app.db }, { ...input, audit: request.staff.actor });
      return { verificationId: row.id, status: 'accepted' as const };
    },
  });

  registerEndpoint(app, consoleAccountVerificationReject, {
    ...staffCall('accounts.reviewVerification'),
    refusals,
    handler: async (input, request) => {
      const row = await rejectAccount({ db: app.db }, { ...input, audit: request.staff.actor });
      return { verificationId: row.id, status: 'rejected' as const };
    },
  });
}
