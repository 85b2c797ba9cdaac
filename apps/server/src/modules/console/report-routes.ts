import type { FastifyInstance } from 'fastify';
import { consoleFunnel } from '@presta/contract/api/console/promotion';
import { registerEndpoint } from '../../lib/endpoint-route';
import { staffCall } from '../staff/staff-call';
import { funnelRange } from '../promotion/promotion-routes';
import { funnelByDay, funnelTotals } from '../promotion/promotion-service';

/** The back office's reports (issue 17; docs/back-office.md "Reports over HTTP"): the promotion funnel, in total and per day. */
export default function consoleReportRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleFunnel, {
    ...staffCall('reports.read'),
    handler: async (input) => {
      const range = funnelRange(input.from, input.to);
      const byDay = await funnelByDay(app.db, range.from, range.to);
      return { from: range.from.toISOString(), to: range.to.toISOString(), rows: funnelTotals(byDay), byDay };
    },
  });
}
