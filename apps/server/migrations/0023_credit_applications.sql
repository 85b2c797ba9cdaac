-- The credit application (issue 34, docs/application.md): a borrower's answers step by step, their documents
-- and selfie (re-encoded JPEG), the consents signed with an SMS code, the identity verifier's checks and the
-- application's state history. India's Aadhaar number is never kept: its last four digits and the verifier's
-- reference only (a check refuses an 'aadhaar' key in the identity answers). A consent code is a new purpose of
-- verification_codes (a text column: no constraint to change).
CREATE TABLE "credit_application_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"granted" boolean NOT NULL,
	"client_ip" text NOT NULL,
	"device" text NOT NULL,
	"code_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_application_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "credit_application_documents_kind_ok" CHECK ("credit_application_documents"."kind" in ('ine_front', 'ine_back', 'pan_card', 'selfie'))
);
--> statement-breakpoint
CREATE TABLE "credit_application_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"market" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"identity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"work" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"identity_completed_at" timestamp with time zone,
	"address_completed_at" timestamp with time zone,
	"work_completed_at" timestamp with time zone,
	"curp" text,
	"pan" text,
	"birth_date" date,
	"name_key" text,
	"aadhaar_last4" text,
	"aadhaar_reference" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_applications_application_no_unique" UNIQUE("application_no"),
	CONSTRAINT "credit_applications_status_ok" CHECK ("credit_applications"."status" in ('draft', 'submitted', 'returned', 'in_review')),
	CONSTRAINT "credit_applications_no_ok" CHECK ("credit_applications"."application_no" ~ '^AP[0-9]{10}$'),
	CONSTRAINT "credit_applications_aadhaar_last4_ok" CHECK ("credit_applications"."aadhaar_last4" is null or "credit_applications"."aadhaar_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "credit_applications_no_aadhaar_number" CHECK (not ("credit_applications"."identity" ? 'aadhaar'))
);
--> statement-breakpoint
CREATE TABLE "kyc_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"check" text NOT NULL,
	"outcome" text NOT NULL,
	"score" smallint,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_application_consents" ADD CONSTRAINT "credit_application_consents_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_documents" ADD CONSTRAINT "credit_application_documents_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_history" ADD CONSTRAINT "credit_application_history_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_checks" ADD CONSTRAINT "kyc_checks_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_application_consents_current_uq" ON "credit_application_consents" USING btree ("application_id","kind") WHERE "credit_application_consents"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_application_documents_active_uq" ON "credit_application_documents" USING btree ("application_id","kind") WHERE "credit_application_documents"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "credit_application_history_app_idx" ON "credit_application_history" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_open_uq" ON "credit_applications" USING btree ("borrower_id") WHERE "credit_applications"."status" in ('draft', 'submitted', 'returned', 'in_review');--> statement-breakpoint
CREATE INDEX "credit_applications_borrower_idx" ON "credit_applications" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_status_idx" ON "credit_applications" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "credit_applications_curp_idx" ON "credit_applications" USING btree ("curp");--> statement-breakpoint
CREATE INDEX "credit_applications_pan_idx" ON "credit_applications" USING btree ("pan");--> statement-breakpoint
CREATE INDEX "credit_applications_aadhaar_idx" ON "credit_applications" USING btree ("aadhaar_last4","birth_date");--> statement-breakpoint
CREATE INDEX "kyc_checks_application_idx" ON "kyc_checks" USING btree ("application_id","at");