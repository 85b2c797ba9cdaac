CREATE TABLE "ledger_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"instalment_id" bigint,
	"component" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_allocations_amount_positive" CHECK ("ledger_allocations"."amount" > 0),
	CONSTRAINT "ledger_allocations_instalment_level" CHECK (("ledger_allocations"."instalment_id" is null) = ("ledger_allocations"."component" in ('extension_fee', 'extension_vat', 'overpayment')))
);
--> statement-breakpoint
CREATE TABLE "ledger_extensions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"from_due_date" date NOT NULL,
	"to_due_date" date NOT NULL,
	"shift_days" integer NOT NULL,
	"late_charges" bigint NOT NULL,
	"due_interest" bigint NOT NULL,
	"due_interest_vat" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"fee_vat" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_extensions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "ledger_extensions_shift_positive" CHECK ("ledger_extensions"."shift_days" > 0 and "ledger_extensions"."to_due_date" > "ledger_extensions"."from_due_date")
);
--> statement-breakpoint
CREATE TABLE "ledger_late_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"instalment_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"accrued_from" date NOT NULL,
	"accrued_through" date NOT NULL,
	"days" integer NOT NULL,
	"base" bigint NOT NULL,
	"rate_ppm" integer,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_late_charges_amount_positive" CHECK ("ledger_late_charges"."amount" > 0 and "ledger_late_charges"."days" > 0 and "ledger_late_charges"."base" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"reference_id" bigint,
	"received_at" timestamp with time zone NOT NULL,
	"value_date" date NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_payments_amount_positive" CHECK ("ledger_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_instalment_id_repayment_plans_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."repayment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_extensions" ADD CONSTRAINT "ledger_extensions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_extensions" ADD CONSTRAINT "ledger_extensions_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD CONSTRAINT "ledger_late_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD CONSTRAINT "ledger_late_charges_instalment_id_repayment_plans_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."repayment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD CONSTRAINT "ledger_late_charges_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_allocations_order_idx" ON "ledger_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_instalment_idx" ON "ledger_allocations" USING btree ("instalment_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_payment_idx" ON "ledger_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_extensions_order_idx" ON "ledger_extensions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_late_charges_order_idx" ON "ledger_late_charges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payments_provider_event_uq" ON "ledger_payments" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "ledger_payments_order_idx" ON "ledger_payments" USING btree ("order_id");--> statement-breakpoint
-- Change notifications (decision 007): every ledger write concerns one order.
CREATE TRIGGER ledger_payments_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_payments
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ledger_allocations_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_allocations
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ledger_late_charges_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_late_charges
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ledger_extensions_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_extensions
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
-- The ledger is append-only (docs/ledger.md): a correction is a new row, never an edit.
CREATE OR REPLACE FUNCTION presta_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_payments_append_only BEFORE UPDATE OR DELETE ON ledger_payments
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_allocations_append_only BEFORE UPDATE OR DELETE ON ledger_allocations
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_late_charges_append_only BEFORE UPDATE OR DELETE ON ledger_late_charges
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_extensions_append_only BEFORE UPDATE OR DELETE ON ledger_extensions
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
