-- Real payment providers (issue 36, docs/payments.md "Providers"): a reference keeps what its provider's events name
-- (a Conekta order id, a Razorpay QR code or virtual account id, the loan's CLABE at STP; the sandbox's own reference,
-- which every existing row takes), whether that is the loan's own account, whether the borrower types our reference,
-- and the provider's own UPI intent. A notification keeps how its sender was verified and the event's type and kind.
ALTER TABLE "payment_notifications" ADD COLUMN "verification" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "provider_event_id" text;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "provider_reference" text;--> statement-breakpoint
UPDATE "payment_references" SET "provider_reference" = "reference";--> statement-breakpoint
ALTER TABLE "payment_references" ALTER COLUMN "provider_reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "loan_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "payer_types_reference" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "pay_link" text;--> statement-breakpoint
CREATE INDEX "payment_references_provider_reference_idx" ON "payment_references" USING btree ("provider","provider_reference");