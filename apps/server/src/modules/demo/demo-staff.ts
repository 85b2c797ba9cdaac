import { staffRoles } from '@presta/contract/staff-roles';
import type { Db } from '../../db/database';
import { staffMembers, staffRoleRows } from '../../db/schema';

/** The demo's operator: `npm run ops` acts as them in development when neither --as nor PRESTA_STAFF names a member. */
export const DEMO_OPERATOR_EMAIL = 'operador@presta.demo';

/**
 * The demo's operator with every role (development only: ops.ts imports this module only then, and production's
 * compiled command has none of it). Idempotent: an existing member keeps their roles.
 */
export async function seedDemoStaff(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(staffMembers)
      .values({ email: DEMO_OPERATOR_EMAIL, name: 'Operador demo' })
      .onConflictDoNothing()
      .returning({ id: staffMembers.id });
    if (!member) return;
    await tx.insert(staffRoleRows).values(staffRoles.map((role) => ({ staffId: member.id, role })));
  });
}
