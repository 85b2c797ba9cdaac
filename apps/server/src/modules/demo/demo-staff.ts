import { eq } from 'drizzle-orm';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import type { DbOrTx } from '../../db/database';
import { staffMembers, staffRoleRows } from '../../db/schema';
import type { AuditActor } from '../audit/audit-log';

/** The demo's operator: `npm run ops` acts as them in development when neither --as nor PRESTA_STAFF names a member. */
export const DEMO_OPERATOR_EMAIL = 'operador@presta.demo';
/**
 * The demo's second member, finance only: a member never approves and disburses the same loan (decision 023), so
 * what the operator approves, this member disburses (`npm run ops -- disburse <orderNo> --as finanzas@presta.demo`).
 */
export const DEMO_FINANCE_EMAIL = 'finanzas@presta.demo';
/**
 * The demo's credit manager (issue 35): a reviewer's approval above the policy's band is confirmed by a second member
 * holding credit_manager, never its maker (maker-checker). The operator holds every role and makes the approval;
 * this member confirms it.
 */
export const DEMO_CREDIT_MANAGER_EMAIL = 'credito@presta.demo';

const demoMembers: { email: string; name: string; roles: readonly StaffRole[] }[] = [
  { email: DEMO_OPERATOR_EMAIL, name: 'Operador demo', roles: staffRoles },
  { email: DEMO_FINANCE_EMAIL, name: 'Finanzas demo', roles: ['finance'] },
  { email: DEMO_CREDIT_MANAGER_EMAIL, name: 'Crédito demo', roles: ['credit_manager'] },
];

/**
 * The demo's members (development only: ops.ts imports this module only then, the demo seed and demo orders
 * are development's, and production's compiled command has none of it). Idempotent: an existing member keeps their
 * roles. Answers each one's actor (via the ops command), by e-mail.
 */
export async function seedDemoStaff(db: DbOrTx): Promise<{ operator: AuditActor; finance: AuditActor; creditManager: AuditActor }> {
  const actors: AuditActor[] = [];
  for (const { email, name, roles } of demoMembers) {
    const [added] = await db.insert(staffMembers).values({ email, name }).onConflictDoNothing().returning({ id: staffMembers.id });
    if (added) await db.insert(staffRoleRows).values(roles.map((role) => ({ staffId: added.id, role })));
    const [member] = added ? [added] : await db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email));
    actors.push({ type: 'staff', staffId: member!.id, email, via: 'cli' });
  }
  return { operator: actors[0]!, finance: actors[1]!, creditManager: actors[2]! };
}
