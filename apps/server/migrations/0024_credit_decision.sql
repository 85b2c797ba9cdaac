-- The credit decision (issue 35, docs/credit-policy.md): bureau reports as received with the attributes the
-- policy reads, every decision with its policy version, inputs, rule results and points, reviewers' approvals above
-- the band waiting for a credit manager (maker-checker), and higher limits proposed after a settled loan (applied
-- only when the borrower accepts). Applications gain the decided states (referred, approved, declined) and what
-- the borrower reads of the decision. A staff role 'credit_manager' needs no change: roles are a text column.
CREATE TABLE "bureau_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"market" text NOT NULL,
	"bureau" text NOT NULL,
	"consent_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reference" text NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL,
	"score" integer,
	"open_accounts" integer,
	"worst_delinquency_days" integer,
	"inquiries_90d" integer,
	"monthly_payments" bigint,
	"file_birth_date" date,
	"file_name_key" text,
	"requested_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bureau_reports_outcome_ok" CHECK ("bureau_reports"."outcome" in ('found', 'not_found'))
);
--> statement-breakpoint
CREATE TABLE "credit_approval_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"limits" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"maker_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_id" bigint,
	"checker_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "credit_approval_requests_checker_ok" CHECK ("credit_approval_requests"."checker_id" is null or "credit_approval_requests"."checker_id" <> "credit_approval_requests"."maker_id")
);
--> statement-breakpoint
CREATE TABLE "credit_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"market" text NOT NULL,
	"trigger" text NOT NULL,
	"policy_version" text NOT NULL,
	"outcome" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" integer,
	"band" text DEFAULT '' NOT NULL,
	"limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reapply_after" date,
	"bureau_report_id" bigint,
	"actor" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_decisions_outcome_ok" CHECK ("credit_decisions"."outcome" in ('approved', 'referred', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "limit_increase_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"decision_id" bigint NOT NULL,
	"current_limit" bigint NOT NULL,
	"proposed_limit" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_session" text,
	"answered_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_increase_proposals_higher" CHECK ("limit_increase_proposals"."proposed_limit" > "limit_increase_proposals"."current_limit")
);
--> statement-breakpoint
ALTER TABLE "credit_applications" DROP CONSTRAINT "credit_applications_status_ok";--> statement-breakpoint
DROP INDEX "credit_applications_one_open_uq";--> statement-breakpoint
ALTER TABLE "credit_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD COLUMN "decision_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD COLUMN "reapply_after" date;--> statement-breakpoint
ALTER TABLE "bureau_reports" ADD CONSTRAINT "bureau_reports_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_reports" ADD CONSTRAINT "bureau_reports_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_reports" ADD CONSTRAINT "bureau_reports_consent_id_credit_application_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."credit_application_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approval_requests" ADD CONSTRAINT "credit_approval_requests_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approval_requests" ADD CONSTRAINT "credit_approval_requests_maker_id_staff_members_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approval_requests" ADD CONSTRAINT "credit_approval_requests_checker_id_staff_members_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_bureau_report_id_bureau_reports_id_fk" FOREIGN KEY ("bureau_report_id") REFERENCES "public"."bureau_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_increase_proposals" ADD CONSTRAINT "limit_increase_proposals_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_increase_proposals" ADD CONSTRAINT "limit_increase_proposals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_increase_proposals" ADD CONSTRAINT "limit_increase_proposals_decision_id_credit_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."credit_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bureau_reports_application_idx" ON "bureau_reports" USING btree ("application_id","requested_at");--> statement-breakpoint
CREATE INDEX "bureau_reports_borrower_idx" ON "bureau_reports" USING btree ("borrower_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_approval_requests_one_pending_uq" ON "credit_approval_requests" USING btree ("application_id") WHERE "credit_approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credit_decisions_application_idx" ON "credit_decisions" USING btree ("application_id","decided_at");--> statement-breakpoint
CREATE INDEX "credit_decisions_borrower_idx" ON "credit_decisions" USING btree ("borrower_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "limit_increase_proposals_one_pending_uq" ON "limit_increase_proposals" USING btree ("borrower_id","product_id") WHERE "limit_increase_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credit_applications_reapply_idx" ON "credit_applications" USING btree ("borrower_id","reapply_after");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_open_uq" ON "credit_applications" USING btree ("borrower_id") WHERE "credit_applications"."status" in ('draft', 'submitted', 'returned', 'in_review', 'referred');--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_status_ok" CHECK ("credit_applications"."status" in ('draft', 'submitted', 'returned', 'in_review', 'referred', 'approved', 'declined'));