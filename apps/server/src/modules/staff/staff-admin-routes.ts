import type { FastifyInstance } from 'fastify';
import { consoleAudit, consoleStaff, consoleStaffAdd, consoleStaffReset } from '@presta/contract/api/console';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { listAudit } from '../audit/audit-log';
import { addStaff, listStaff, resetStaff, setUpLinkOf } from './staff-service';

const tags = ['back office'];

/**
 * The admin's staff calls and the audit view (issue 17, decision 018; docs/back-office.md "Staff and audit over
 * HTTP"): the members, adding one (their set-up link answered once), a reset; the audit trail filtered and paged.
 */
export default function staffAdminRoutes(app: FastifyInstance, opts: { config: Config }) {
  const link = (token: string) => setUpLinkOf(opts.config.publicBaseUrl, token);

  registerEndpoint(app, consoleStaff, {
    auth: 'staff',
    staffAction: 'staff.manage',
    tags,
    handler: async () => ({ staff: await listStaff(app.db) }),
  });

  registerEndpoint(app, consoleStaffAdd, {
    auth: 'staff',
    staffAction: 'staff.manage',
    tags,
    refusals: { 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await addStaff(app.db, input, request.staff.actor);
      return { member: r.member, setUpLink: link(r.setUpToken) };
    },
  });

  registerEndpoint(app, consoleStaffReset, {
    auth: 'staff',
    staffAction: 'staff.manage',
    tags,
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => {
      const r = await resetStaff(app.db, input, request.staff.actor);
      return { member: r.member, setUpLink: link(r.setUpToken) };
    },
  });

  registerEndpoint(app, consoleAudit, {
    auth: 'staff',
    staffAction: 'audit.read',
    tags,
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
