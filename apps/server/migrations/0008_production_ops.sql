CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"queue_job_id" text,
	"worker" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"reference" text,
	"amount" bigint,
	"paid_at" timestamp with time zone,
	"order_id" bigint,
	"outcome" text NOT NULL,
	"reason" text,
	"review" text DEFAULT 'none' NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
-- Messages queued before this migration were handed to the provider at the time: not for the retry job.
UPDATE "sms_outbox" SET "status" = 'sent', "sent_at" = "created_at";--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_event_idx" ON "payment_notifications" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_review_idx" ON "payment_notifications" USING btree ("received_at") WHERE "payment_notifications"."review" = 'open';--> statement-breakpoint
CREATE INDEX "sms_outbox_pending_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" in ('queued', 'failed');--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_ok" CHECK ("sms_outbox"."status" in ('queued', 'sent', 'failed', 'expired'));