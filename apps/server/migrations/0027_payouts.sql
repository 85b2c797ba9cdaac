CREATE TABLE "bank_account_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"registered_name" text,
	"identity_name" text,
	"match" jsonb,
	"failure_reason" text,
	"reviewed_by" text,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payout_id" bigint,
	"kind" text NOT NULL,
	"event_type" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"market" text NOT NULL,
	"provider" text NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_payout_id" text,
	"provider_reference" text,
	"value_date" date,
	"failure_reason" text,
	"requested_by" text NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_account_verifications" ADD CONSTRAINT "bank_account_verifications_account_id_borrower_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."borrower_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_borrower_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."borrower_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_account_verifications_reference_uq" ON "bank_account_verifications" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "bank_account_verifications_account_idx" ON "bank_account_verifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_account_verifications_status_idx" ON "bank_account_verifications" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_events_provider_key_uq" ON "payout_events" USING btree ("provider","dedupe_key");--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_key_uq" ON "payouts" USING btree ("provider","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_attempt_uq" ON "payouts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_order_uq" ON "payouts" USING btree ("order_id") WHERE "payouts"."status" in ('created', 'pending', 'processed');--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");