import type { Db } from '../db/database';
import { loadConfig } from '../config';
import type { AuditActor } from '../modules/audit/audit-log';
import { addStaff, listStaff, resetStaff, SET_UP_LINK_HOURS, setStaffDisabled, setStaffRoles, setUpLinkOf } from '../modules/staff/staff-service';

/** Where a command prints. */
type Out = { out: (line: string) => void };

/** `staff <action> [email]` with its --role and --name; who acts (undefined only for add's bootstrap). */
type StaffCommand = { action: string; email: string | undefined; options: Record<string, string>; actor: AuditActor | undefined };

/** disable, enable or roles (the whole set, comma-separated) of one member, by an admin. */
type StaffChange = { action: 'disable' | 'enable' | 'roles'; email: string; roles: string | undefined; actor: AuditActor };

/**
 * staff add <email> --role r1,r2 [--name …]: a new member and their one-time set-up link (printed once: hand it
 * over in person or through a channel of the lender's); staff reset <email>: the password and second factor
 * cleared, sessions ended, a new link; staff disable|enable <email>; staff roles <email> --role r1,r2 (the whole
 * set); staff list: the members with their roles. Disable, enable and roles go through the console's services
 * (an admin never disables themselves nor drops their own admin role).
 */
export async function staffCommand(db: Db, { action, email, options, actor }: StaffCommand, io: Out): Promise<void> {
  if (action === 'list') {
    const rows = await listStaff(db);
    io.out(`Staff: ${rows.length} member(s)`);
    io.out('id  email  name  roles  second factor  state');
    for (const m of rows) {
      io.out(`  ${m.id}  ${m.email}  ${m.name || '-'}  ${m.roles.join(',') || '-'}  ${m.secondFactor ? 'enrolled' : 'not set up'}  ${m.state}`);
    }
    return;
  }
  if (action === 'disable' || action === 'enable' || action === 'roles') {
    await changeStaff(db, { action, email: email!, roles: options.role, actor: actor! }, io);
    return;
  }
  const link = (token: string) => setUpLinkOf(loadConfig().publicBaseUrl, token);
  if (action === 'add') {
    const roles = splitRoles(options.role!);
    const r = await addStaff(db, { email: email!, name: options.name, roles }, actor ?? 'bootstrap');
    io.out(`Staff member ${r.member.id} ${r.member.email} added with roles ${r.member.roles.join(', ')}${actor ? '' : ' (the first admin)'}.`);
    io.out(`One-time set-up link, valid ${SET_UP_LINK_HOURS} hours (password and authenticator app): ${link(r.setUpToken)}`);
    return;
  }
  const r = await resetStaff(db, { email: email! }, actor!);
  io.out(`Staff member ${r.member.id} ${r.member.email} reset: password and second factor cleared, sessions ended.`);
  io.out(`New one-time set-up link, valid ${SET_UP_LINK_HOURS} hours: ${link(r.setUpToken)}`);
}

/** staff disable|enable|roles: one member changed through the same services as the console's calls. */
async function changeStaff(db: Db, { action, email, roles, actor }: StaffChange, io: Out) {
  const r =
    action === 'roles'
      ? await setStaffRoles(db, { email, roles: splitRoles(roles!) }, actor)
      : await setStaffDisabled(db, { email, disabled: action === 'disable' }, actor);
  const what = action === 'roles' ? `roles ${r.member.roles.join(', ')}` : `${r.state}${action === 'disable' && r.changed ? ' (sessions ended, API tokens revoked)' : ''}`;
  io.out(`Staff member ${r.member.id} ${r.member.email}: ${what}${r.changed ? '' : ' (unchanged)'}.`);
}

const splitRoles = (raw: string) => raw.split(',').map((r) => r.trim()).filter(Boolean);
