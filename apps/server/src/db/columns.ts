import { bigint, bigserial, customType, date, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The column shapes the schema repeats (db/schema/). Each helper is the one Drizzle builder call it names, so a
 * table written with them has the same columns as before (`npm run db:generate` finds nothing to migrate).
 */

/** Money: integer minor units (centavos, paise), read as a number. */
export const minor = (name: string) => bigint(name, { mode: 'number' });

/** A table's own 64-bit id. */
export const bigserialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** Another row's 64-bit id (a reference), read as a number. */
export const bigintId = (name: string) => bigint(name, { mode: 'number' });

/** A moment: timestamp with time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** A calendar day (the lender's calendar of the market), as 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' });

/** The market a row belongs to. */
export const market = () => text('market', { enum: ['MX', 'IN'] }).notNull();

/** The currency of a market's money. */
export const currency = () => text('currency', { enum: ['MXN', 'INR'] }).notNull();

/** Raw bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
