ALTER TABLE "promotion_templates" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_templates" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- The seeded default template's name in the back office (issue 17).
UPDATE "promotion_templates" SET "name" = 'Predeterminada' WHERE "id" = 1;
