import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { calendarDay } from './fields';

/* The audit trail (admin and analyst). */

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorType: z.enum(['staff', 'system']),
  staffId: z.number().int().nullable(),
  actorLabel: z.string(),
  via: z.enum(['console', 'cli', 'job', 'api_token']),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  clientIp: z.string(),
});

export const consoleAudit = endpoint({
  ...apiRoutes.consoleAudit,
  summary: 'The audit trail, newest first, filtered by member, action, object and dates; beforeId pages back',
  request: z.object({
    staffId: z.coerce.number().int().positive().optional(),
    action: z.string().trim().max(64).optional(),
    objectType: z.string().trim().max(32).optional(),
    objectId: z.string().trim().max(64).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    beforeId: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
  data: z.object({ events: z.array(auditEventSchema) }),
});
