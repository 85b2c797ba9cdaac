// The ledger's SQL definitions live in db/ledger-sql.ts (below the order and ledger modules, which both use them).
export { creditHeldSql } from '../../db/ledger-sql';
