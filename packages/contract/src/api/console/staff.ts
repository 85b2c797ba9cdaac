import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { staffRoles } from '../../staff-roles';
import { emailField } from './fields';
import { staffMemberSchema } from './session';

/* The staff (admin) and API tokens (each member's own; every member's for an admin). */

const staffListItemSchema = staffMemberSchema.extend({ secondFactor: z.boolean(), state: z.enum(['active', 'locked', 'disabled']) });

export const consoleStaff = endpoint({
  ...apiRoutes.consoleStaff,
  summary: 'The staff: each member with their roles, whether their second factor is enrolled, and their state',
  request: z.object({}),
  data: z.object({ staff: z.array(staffListItemSchema) }),
});

/** A member and their one-time set-up link (to hand over; shown once). */
const memberWithLinkSchema = z.object({ member: staffMemberSchema, setUpLink: z.string() });

export const consoleStaffAdd = endpoint({
  ...apiRoutes.consoleStaffAdd,
  summary: 'Add a staff member with their roles; answers their one-time set-up link (24 hours)',
  request: z.object({ email: emailField, name: z.string().trim().max(120).optional(), roles: z.array(z.enum(staffRoles)).min(1).max(staffRoles.length) }),
  data: memberWithLinkSchema,
});

export const consoleStaffReset = endpoint({
  ...apiRoutes.consoleStaffReset,
  summary: "Reset a member: password and second factor cleared, sessions ended at once, a new set-up link",
  request: z.object({ email: emailField }),
  data: memberWithLinkSchema,
});

/** A member after an admin's change: their roles now and their state; changed false when it was so already. */
const staffChangeSchema = z.object({ member: staffMemberSchema, state: staffListItemSchema.shape.state, changed: z.boolean() });

export const consoleStaffDisable = endpoint({
  ...apiRoutes.consoleStaffDisable,
  summary: 'Disable a member: their console sessions end and their API tokens are revoked at once; an admin cannot disable themselves (409)',
  request: z.object({ email: emailField }),
  data: staffChangeSchema,
});

export const consoleStaffEnable = endpoint({
  ...apiRoutes.consoleStaffEnable,
  summary: 'Enable a disabled member again (they sign in again; their old sessions and tokens stay ended)',
  request: z.object({ email: emailField }),
  data: staffChangeSchema,
});

export const consoleStaffRoles = endpoint({
  ...apiRoutes.consoleStaffRoles,
  summary: "Set a member's roles (the whole set); they apply from the member's next call; an admin cannot drop their own admin role (409)",
  request: z.object({ email: emailField, roles: z.array(z.enum(staffRoles)).min(1).max(staffRoles.length) }),
  data: staffChangeSchema,
});

/** An API token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const consoleStaffTokens = endpoint({
  ...apiRoutes.consoleStaffTokens,
  summary: "Every member's API tokens (or one member's), oldest first, never their secret; all=true: the revoked ones too",
  request: z.object({ staffId: z.coerce.number().int().positive().optional(), all: z.enum(['true', 'false']).default('false') }),
  data: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const consoleStaffTokenRevoke = endpoint({
  ...apiRoutes.consoleStaffTokenRevoke,
  summary: "Revoke any member's live API token at once",
  request: z.object({ id: z.coerce.number().int().positive() }),
  data: z.object({ token: apiTokenSchema }),
});

export const consoleMyTokens = endpoint({
  ...apiRoutes.consoleMyTokens,
  summary: "The signed-in member's live API tokens, oldest first, never their secret",
  request: z.object({}),
  data: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const consoleMyTokenCreate = endpoint({
  ...apiRoutes.consoleMyTokenCreate,
  summary:
    'Make an API token for scripts (console session only): it acts as you with your roles at each call (Authorization: Bearer); the token is answered once, only its SHA-256 is kept',
  request: z.object({ name: z.string().trim().min(1).max(80) }),
  data: z.object({ token: apiTokenSchema, secret: z.string() }),
});

export const consoleMyTokenRevoke = endpoint({
  ...apiRoutes.consoleMyTokenRevoke,
  summary: 'Revoke one of your live API tokens at once',
  request: z.object({ id: z.coerce.number().int().positive() }),
  data: z.object({ token: apiTokenSchema }),
});
