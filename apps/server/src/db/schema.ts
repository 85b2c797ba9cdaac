/*
 * The database schema, one file per area (db/schema/); the column shapes they share are in db/columns.ts. This
 * file is what database.ts (`import * as schema`) and drizzle-kit (drizzle.config.ts) read: every table, sequence
 * and enum list of the areas.
 */
export * from './schema/borrowers';
export * from './schema/orders';
export * from './schema/ledger';
export * from './schema/suspense';
export * from './schema/card-repayment';
export * from './schema/operations';
export * from './schema/complaints';
export * from './schema/promotion';
export * from './schema/staff';
export * from './schema/applications';
export * from './schema/credit';
export * from './schema/disbursal';
export * from './schema/agreements';
