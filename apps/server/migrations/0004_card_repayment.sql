CREATE TABLE "bank_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"last4" text NOT NULL,
	"processor_token" text NOT NULL,
	"requires_otp" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_cards_processor_token_unique" UNIQUE("processor_token"),
	CONSTRAINT "bank_cards_last4_digits" CHECK ("bank_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "card_checkouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"charge_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_checkouts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "card_checkouts_amount_positive" CHECK ("card_checkouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_repay_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"instalment_seq" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_repayments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"instalment_seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_sends" smallint DEFAULT 0 NOT NULL,
	"wrong_codes" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"charge_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_repayments_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "card_repayments_amount_positive" CHECK ("card_repayments"."amount" > 0),
	CONSTRAINT "card_repayments_status_ok" CHECK ("card_repayments"."status" in ('awaiting_code', 'succeeded', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_token" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_card_charges_amount_positive" CHECK ("sandbox_card_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repay_tokens" ADD CONSTRAINT "card_repay_tokens_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repay_tokens" ADD CONSTRAINT "card_repay_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_borrower_idx" ON "bank_cards" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "card_repay_tokens_order_idx" ON "card_repay_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_repayments_one_waiting_uq" ON "card_repayments" USING btree ("order_id") WHERE "card_repayments"."status" = 'awaiting_code';--> statement-breakpoint
CREATE INDEX "card_repayments_order_idx" ON "card_repayments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");