import type { FastifyInstance } from 'fastify';
import { consoleAudit } from '@presta/contract/api/console/audit';
import { consoleMyTokenCreate, consoleMyTokenRevoke, consoleMyTokens, consoleStaff, consoleStaffAdd, consoleStaffDisable, consoleStaffEnable, consoleStaffReset, consoleStaffRoles, consoleStaffTokenRevoke, consoleStaffTokens } from '@presta/contract/api/console/staff';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { staffCall } from './staff-call';
import { listAudit } from '../audit/audit-log';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from './staff-api-tokens';
import { addStaff, listStaff, resetStaff, setStaffDisabled, setStaffRoles, setUpLinkOf } from './staff-service';

/** A token as answered: its dates as ISO strings, never its secret. */
const tokenAnswer = (t: ApiTokenView) => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  revokedAt: t.revokedAt?.toISOString() ?? null,
});

/**
 * The admin's staff calls and the audit view (issue 17, decision 018; docs/back-office.md "Staff and audit over
 * HTTP"): the members, adding one (their set-up link answered once), a reset, disabling and enabling, their roles;
 * API tokens (each member's own, and every member's for an admin); the audit trail filtered and paged.
 */
export default function staffAdminRoutes(app: FastifyInstance, opts: { config: Config }) {
  const link = (token: string) => setUpLinkOf(opts.config.publicBaseUrl, token);

  registerEndpoint(app, consoleStaff, {
    ...staffCall('staff.manage'),
    handler: async () => ({ staff: await listStaff(app.db) }),
  });

  registerEndpoint(app, consoleStaffAdd, {
    ...staffCall('staff.manage'),
    refusals: { 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await addStaff(app.db, input, request.staff.actor);
      return { member: r.member, setUpLink: link(r.setUpToken) };
    },
  });

  registerEndpoint(app, consoleStaffReset, {
    ...staffCall('staff.manage'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => {
      const r = await resetStaff(app.db, input, request.staff.actor);
      return { member: r.member, setUpLink: link(r.setUpToken) };
    },
  });

  for (const [endpoint, disabled] of [
    [consoleStaffDisable, true],
    [consoleStaffEnable, false],
  ] as const) {
    registerEndpoint(app, endpoint, {
      ...staffCall('staff.manage'),
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => setStaffDisabled(app.db, { email: input.email, disabled }, request.staff.actor),
    });
  }

  registerEndpoint(app, consoleStaffRoles, {
    ...staffCall('staff.manage'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => setStaffRoles(app.db, input, request.staff.actor),
  });

  apiTokenRoutes(app);

  registerEndpoint(app, consoleAudit, {
    ...staffCall('audit.read'),
    handler: async (input) => {
      // Days are UTC days: from its first millisecond to the last of `to`.
      const events = await listAudit(app.db, {
        ...input,
        from: input.from ? new Date(`${input.from}T00:00:00.000Z`) : undefined,
        to: input.to ? new Date(`${input.to}T23:59:59.999Z`) : undefined,
      });
      return { events: events.map((e) => ({ ...e, at: e.at.toISOString() })) };
    },
  });
}

/** API tokens: every member's for an admin (staff.manage), and each member's own. */
function apiTokenRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleStaffTokens, {
    ...staffCall('staff.manage'),
    handler: async (input) => ({ tokens: (await listApiTokens(app.db, { staffId: input.staffId, all: input.all === 'true' })).map(tokenAnswer) }),
  });

  registerEndpoint(app, consoleStaffTokenRevoke, {
    ...staffCall('staff.manage'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => ({ token: tokenAnswer(await revokeApiToken(app.db, request.staff.actor, { id: input.id })) }),
  });

  // A member's own tokens (any role). Making one takes a console session: a token never makes another.
  registerEndpoint(app, consoleMyTokens, {
    ...staffCall('signedIn'),
    handler: async (_input, request) => ({ tokens: (await listApiTokens(app.db, { staffId: request.staff.member.id })).map(tokenAnswer) }),
  });

  registerEndpoint(app, consoleMyTokenCreate, {
    ...staffCall('signedIn', { sessionOnly: true }),
    refusals: { 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const made = await createApiToken(app.db, request.staff.actor, input);
      return { token: tokenAnswer(made.token), secret: made.secret };
    },
  });

  registerEndpoint(app, consoleMyTokenRevoke, {
    ...staffCall('signedIn'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => ({ token: tokenAnswer(await revokeApiToken(app.db, request.staff.actor, { id: input.id, owner: request.staff.member.id })) }),
  });
}
