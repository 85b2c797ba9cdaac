ALTER TABLE "sessions" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
-- A session's change is announced (the caches drop it) when it is revoked, deleted or its life changes, not when
-- only last_seen_at is written (every 5 minutes of each session in use: no cache need drop it for that).
DROP TRIGGER sessions_notify_change ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OF id_hash, borrower_id, expires_at, revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('session', 'id_hash');
