CREATE SEQUENCE "public"."payment_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payment_references" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"voucher_code" text NOT NULL,
	"clabe" text,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"access_key" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_references_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_references_amount_positive" CHECK ("payment_references"."amount" > 0),
	CONSTRAINT "payment_references_values_ok" CHECK ("payment_references"."purpose" in ('repayment', 'extension') and "payment_references"."channel" in ('store', 'spei') and "payment_references"."status" in ('open', 'paid', 'expired')),
	CONSTRAINT "payment_references_clabe_spei" CHECK (("payment_references"."clabe" is not null) = ("payment_references"."channel" = 'spei'))
);
--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_references_one_open_uq" ON "payment_references" USING btree ("order_id","purpose","channel","amount") WHERE "payment_references"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_references_order_idx" ON "payment_references" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_reference_id_payment_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."payment_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_payments_reference_idx" ON "ledger_payments" USING btree ("reference_id");--> statement-breakpoint
-- Change notifications (decision 007): a reference concerns one order.
CREATE TRIGGER payment_references_notify_change AFTER INSERT OR UPDATE OR DELETE ON payment_references
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
