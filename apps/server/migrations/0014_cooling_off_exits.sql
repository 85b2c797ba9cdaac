CREATE TABLE "ledger_cooling_off_exits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"requested_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"days_used" integer NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_cooling_off_exits_amounts" CHECK ("ledger_cooling_off_exits"."amount" > 0 and "ledger_cooling_off_exits"."principal" >= 0 and "ledger_cooling_off_exits"."interest" >= 0 and "ledger_cooling_off_exits"."days_used" > 0),
	CONSTRAINT "ledger_cooling_off_exits_dates" CHECK ("ledger_cooling_off_exits"."expires_on" >= "ledger_cooling_off_exits"."requested_on")
);
--> statement-breakpoint
CREATE TABLE "ledger_waivers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"exit_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"instalment_id" bigint NOT NULL,
	"component" text NOT NULL,
	"value_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_waivers_amount_positive" CHECK ("ledger_waivers"."amount" > 0),
	CONSTRAINT "ledger_waivers_instalment_component" CHECK ("ledger_waivers"."component" in ('default_penalty', 'late_fee', 'commission', 'vat', 'interest', 'principal'))
);
--> statement-breakpoint
ALTER TABLE "ledger_cooling_off_exits" ADD CONSTRAINT "ledger_cooling_off_exits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_waivers" ADD CONSTRAINT "ledger_waivers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_waivers" ADD CONSTRAINT "ledger_waivers_exit_id_ledger_cooling_off_exits_id_fk" FOREIGN KEY ("exit_id") REFERENCES "public"."ledger_cooling_off_exits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_waivers" ADD CONSTRAINT "ledger_waivers_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_waivers" ADD CONSTRAINT "ledger_waivers_instalment_id_repayment_plans_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."repayment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_cooling_off_exits_order_idx" ON "ledger_cooling_off_exits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_waivers_order_idx" ON "ledger_waivers" USING btree ("order_id");--> statement-breakpoint
-- Change notifications (decision 007) and append-only (0002), like the rest of the ledger.
CREATE TRIGGER ledger_cooling_off_exits_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_cooling_off_exits
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ledger_waivers_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_waivers
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER ledger_cooling_off_exits_append_only BEFORE UPDATE OR DELETE ON ledger_cooling_off_exits
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_waivers_append_only BEFORE UPDATE OR DELETE ON ledger_waivers
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
