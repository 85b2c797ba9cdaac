ALTER TABLE "payment_references" DROP CONSTRAINT "payment_references_values_ok";--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "ifsc" text;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_vpa_upi" CHECK (("payment_references"."vpa" is not null) = ("payment_references"."channel" = 'upi'));--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_account_bank_transfer" CHECK (("payment_references"."account_number" is not null) = ("payment_references"."channel" = 'bank_transfer') and ("payment_references"."ifsc" is not null) = ("payment_references"."channel" = 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_values_ok" CHECK ("payment_references"."purpose" in ('repayment', 'extension') and "payment_references"."channel" in ('store', 'spei', 'upi', 'bank_transfer') and "payment_references"."status" in ('open', 'paid', 'expired'));