CREATE TABLE "ledger_credit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"payment_id" bigint,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_credit_events_amount_positive" CHECK ("ledger_credit_events"."amount" > 0),
	CONSTRAINT "ledger_credit_events_kind_ok" CHECK ("ledger_credit_events"."kind" in ('application', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "payment_suspense" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"order_id" bigint,
	"reference_id" bigint,
	"channel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_suspense_amount_positive" CHECK ("payment_suspense"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_suspense_resolutions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"suspense_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"payment_id" bigint,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_suspense_resolutions_suspense_id_unique" UNIQUE("suspense_id"),
	CONSTRAINT "payment_suspense_resolutions_kind_ok" CHECK ("payment_suspense_resolutions"."kind" in ('assigned', 'refunded')),
	CONSTRAINT "payment_suspense_resolutions_assigned_payment" CHECK (("payment_suspense_resolutions"."kind" = 'assigned') = ("payment_suspense_resolutions"."payment_id" is not null) and ("payment_suspense_resolutions"."kind" <> 'assigned' or "payment_suspense_resolutions"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_allocations" DROP CONSTRAINT "ledger_allocations_instalment_level";--> statement-breakpoint
ALTER TABLE "ledger_allocations" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD COLUMN "credit_event_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD COLUMN "credit_event_id" bigint;--> statement-breakpoint
-- Orders snapshot their tax base (issue 12, decision 014). Orders submitted before this migration were priced
-- with the tax on interest, commission and the extension fee, whatever their market: they keep that rule.
ALTER TABLE "orders" ADD COLUMN "tax_base" text[] DEFAULT '{interest,commission,extension_fee}' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_base" DROP DEFAULT;--> statement-breakpoint
-- India's tax is GST 18 % of the processing fee (decision 014): products sold from now on.
UPDATE "products" SET "vat_ppm" = 180000 WHERE "market" = 'IN';--> statement-breakpoint
ALTER TABLE "ledger_credit_events" ADD CONSTRAINT "ledger_credit_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_credit_events" ADD CONSTRAINT "ledger_credit_events_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_suspense" ADD CONSTRAINT "payment_suspense_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_suspense" ADD CONSTRAINT "payment_suspense_reference_id_payment_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."payment_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_suspense_resolutions" ADD CONSTRAINT "payment_suspense_resolutions_suspense_id_payment_suspense_id_fk" FOREIGN KEY ("suspense_id") REFERENCES "public"."payment_suspense"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_suspense_resolutions" ADD CONSTRAINT "payment_suspense_resolutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_suspense_resolutions" ADD CONSTRAINT "payment_suspense_resolutions_payment_id_ledger_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_credit_events_order_idx" ON "ledger_credit_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_suspense_provider_event_uq" ON "payment_suspense" USING btree ("provider","event_id");--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_credit_event_id_ledger_credit_events_id_fk" FOREIGN KEY ("credit_event_id") REFERENCES "public"."ledger_credit_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD CONSTRAINT "ledger_late_charges_credit_event_id_ledger_credit_events_id_fk" FOREIGN KEY ("credit_event_id") REFERENCES "public"."ledger_credit_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_allocations_credit_event_idx" ON "ledger_allocations" USING btree ("credit_event_id");--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_one_source" CHECK (("ledger_allocations"."payment_id" is null) <> ("ledger_allocations"."credit_event_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_source_components" CHECK (case when "ledger_allocations"."payment_id" is not null then "ledger_allocations"."component" <> 'refund' else "ledger_allocations"."component" not in ('overpayment', 'extension_fee', 'extension_vat') end);--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_instalment_level" CHECK (("ledger_allocations"."instalment_id" is null) = ("ledger_allocations"."component" in ('extension_fee', 'extension_vat', 'overpayment', 'refund')));--> statement-breakpoint
ALTER TABLE "ledger_late_charges" ADD CONSTRAINT "ledger_late_charges_one_source" CHECK (("ledger_late_charges"."payment_id" is null) <> ("ledger_late_charges"."credit_event_id" is null));;--> statement-breakpoint
-- Change notifications (decision 007): credit events concern one order; suspense entries and their resolutions
-- when they name one (an entry for an unknown reference concerns no cached order).
CREATE TRIGGER ledger_credit_events_notify_change AFTER INSERT OR UPDATE OR DELETE ON ledger_credit_events
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER payment_suspense_notify_change AFTER INSERT ON payment_suspense
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL) EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER payment_suspense_resolutions_notify_change AFTER INSERT ON payment_suspense_resolutions
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL) EXECUTE FUNCTION presta_notify_change('order', 'order_id');
--> statement-breakpoint
-- Append-only like the rest of the ledger (0002): a correction is a new row.
CREATE TRIGGER ledger_credit_events_append_only BEFORE UPDATE OR DELETE ON ledger_credit_events
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_suspense_append_only BEFORE UPDATE OR DELETE ON payment_suspense
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_suspense_resolutions_append_only BEFORE UPDATE OR DELETE ON payment_suspense_resolutions
  FOR EACH ROW EXECUTE FUNCTION presta_ledger_append_only();
