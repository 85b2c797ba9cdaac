CREATE TABLE "borrower_bank_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"market" text NOT NULL,
	"kind" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"ifsc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "borrower_bank_accounts_kind_ok" CHECK (("borrower_bank_accounts"."market" = 'MX' and "borrower_bank_accounts"."kind" = 'clabe' and "borrower_bank_accounts"."account_number" ~ '^[0-9]{18}$' and "borrower_bank_accounts"."ifsc" is null)
       or ("borrower_bank_accounts"."market" = 'IN' and "borrower_bank_accounts"."kind" = 'account' and "borrower_bank_accounts"."account_number" ~ '^[0-9]{9,18}$' and "borrower_bank_accounts"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disbursed_to_account_id" bigint;--> statement-breakpoint
ALTER TABLE "borrower_bank_accounts" ADD CONSTRAINT "borrower_bank_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_bank_accounts_one_active_uq" ON "borrower_bank_accounts" USING btree ("borrower_id") WHERE "borrower_bank_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "borrower_bank_accounts_borrower_idx" ON "borrower_bank_accounts" USING btree ("borrower_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_disbursed_to_account_id_borrower_bank_accounts_id_fk" FOREIGN KEY ("disbursed_to_account_id") REFERENCES "public"."borrower_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The borrowers' accounts (borrowers.bank_account) become their active accounts: an 18-digit CLABE (Mexico;
-- the bank code its first 3 digits), or India's "IFSC-account number". Other values (none written by our code)
-- are not carried. The loans already disbursed were paid to that account, the only one the borrower had.
INSERT INTO "borrower_bank_accounts" ("borrower_id", "market", "kind", "account_number", "bank_code", "bank_name", "ifsc", "created_at")
SELECT b."id", 'MX', 'clabe', b."bank_account", left(b."bank_account", 3), b."bank_name", NULL, b."created_at"
  FROM "borrowers" b WHERE b."bank_account" ~ '^[0-9]{18}$';
--> statement-breakpoint
INSERT INTO "borrower_bank_accounts" ("borrower_id", "market", "kind", "account_number", "bank_code", "bank_name", "ifsc", "created_at")
SELECT b."id", 'IN', 'account', split_part(b."bank_account", '-', 2), left(b."bank_account", 4), b."bank_name", split_part(b."bank_account", '-', 1), b."created_at"
  FROM "borrowers" b WHERE b."bank_account" ~ '^[A-Z]{4}0[A-Z0-9]{6}-[0-9]{9,18}$';
--> statement-breakpoint
UPDATE "orders" o SET "disbursed_to_account_id" = a."id"
  FROM "borrower_bank_accounts" a
 WHERE a."borrower_id" = o."borrower_id" AND a."replaced_at" IS NULL AND o."status" IN ('174', '180', '200');
--> statement-breakpoint
-- A change of a borrower's accounts is a change of the borrower (cached loan-details reads show the account).
CREATE TRIGGER borrower_bank_accounts_notify_change AFTER INSERT OR UPDATE OR DELETE ON borrower_bank_accounts
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('borrower', 'borrower_id');
--> statement-breakpoint
ALTER TABLE "borrowers" DROP COLUMN "bank_account";--> statement-breakpoint
ALTER TABLE "borrowers" DROP COLUMN "bank_name";