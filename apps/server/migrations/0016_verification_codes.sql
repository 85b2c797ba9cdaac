-- Decision 017: the registration page's SMS codes become the codes of every phone proof (registration,
-- sign-in, a bank account change), each with its purpose; the codes sent so far were registration's.
ALTER TABLE "promo_sms_codes" RENAME TO "verification_codes";--> statement-breakpoint
ALTER SEQUENCE "promo_sms_codes_id_seq" RENAME TO "verification_codes_id_seq";--> statement-breakpoint
ALTER TABLE "verification_codes" RENAME CONSTRAINT "promo_sms_codes_pkey" TO "verification_codes_pkey";--> statement-breakpoint
ALTER INDEX "promo_sms_codes_phone_idx" RENAME TO "verification_codes_phone_idx";--> statement-breakpoint
ALTER INDEX "promo_sms_codes_ip_idx" RENAME TO "verification_codes_ip_idx";--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "purpose" text DEFAULT 'register' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "purpose" DROP DEFAULT;--> statement-breakpoint
-- A signed-in borrower's code (a bank account change) is asked for without a captcha.
ALTER TABLE "verification_codes" ALTER COLUMN "sid" DROP NOT NULL;
