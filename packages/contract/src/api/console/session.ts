import { z } from 'zod';
import { staffRoles } from '../../staff-roles';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { emailField } from './fields';

/*
 * The back office's calls (issue 17, decision 018; docs/back-office.md): JSON bodies under /console/api, the
 * console session in the presta_console cookie (HttpOnly, Secure, SameSite=Strict, Path=/console). Every call
 * after sign-in that changes something carries the session's CSRF token in the x-csrf-token header.
 */

/** The console session's cookie. */
export const consoleCookieName = 'presta_console';
/** The header a state-changing console call carries its CSRF token in. */
export const csrfHeaderName = 'x-csrf-token';
/**
 * The header every console call's answer names the member's roles in, as read for that call (comma-separated, the
 * roles table's order): the open console follows a change of roles at its next call (decision 023).
 */
export const staffRolesHeaderName = 'x-staff-roles';
/** A staff password's least length (the set-up page checks it as the server does), counted by `passwordLength`. */
export const staffPasswordMinLength = 12;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A password's length as a person counts it: its characters as seen (grapheme clusters), not UTF-16 units. An
 * emoji is one character (two UTF-16 units, a family emoji eleven), as are a letter and its combining accent.
 */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of graphemes.segment(password)) length += 1;
  return length;
}

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(staffRoles)),
});

/** A signed-in member, the CSRF token of their session, and when the session ends at the latest. */
const consoleSessionSchema = z.object({ member: staffMemberSchema, csrfToken: z.string(), expiresAt: z.string() });

const passwordField = z.string().min(1).max(256);
const totpField = z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the authenticator app');
/** A set-up link's token: 32 random bytes, base64url. */
const setUpTokenField = z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of a set-up link');

export const consoleSignIn = endpoint({
  ...apiRoutes.consoleSignIn,
  summary: 'Back office sign-in: e-mail, password and a TOTP code (or a recovery code); sets the presta_console cookie',
  request: z
    .object({ email: emailField, password: passwordField, code: totpField.optional(), recoveryCode: z.string().trim().min(10).max(20).optional() })
    .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), { message: 'give either code or recoveryCode' }),
  data: consoleSessionSchema,
});

export const consoleMe = endpoint({
  ...apiRoutes.consoleMe,
  summary: 'The signed-in staff member, their roles now, and the CSRF token of the session',
  request: z.object({}),
  data: consoleSessionSchema,
});

export const consoleSignOut = endpoint({
  ...apiRoutes.consoleSignOut,
  summary: 'Back office sign-out: the session is refused at once on every server; the cookie is cleared',
  request: z.object({}),
  data: z.object({ signedOut: z.literal(true) }),
});

export const consoleSetUpOpen = endpoint({
  ...apiRoutes.consoleSetUpOpen,
  summary: "A set-up link opened: whose it is, and the TOTP secret to enrol (an otpauth:// URI for a QR code)",
  request: z.object({ token: setUpTokenField }),
  data: z.object({ email: z.string(), name: z.string(), totpUri: z.string(), totpSecret: z.string() }),
});

export const consoleSetUpComplete = endpoint({
  ...apiRoutes.consoleSetUpComplete,
  summary: 'A set-up link completed: the password and a code of the enrolled secret; answers the recovery codes, once',
  request: z.object({ token: setUpTokenField, password: passwordField, code: totpField }),
  data: z.object({ member: staffMemberSchema, recoveryCodes: z.array(z.string()) }),
});
