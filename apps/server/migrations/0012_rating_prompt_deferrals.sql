CREATE TABLE "rating_prompt_deferrals" (
	"borrower_id" bigint PRIMARY KEY NOT NULL,
	"deferred_at" timestamp with time zone NOT NULL,
	"deferred_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating_prompt_deferrals" ADD CONSTRAINT "rating_prompt_deferrals_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Cached loan-details reads carry the deferral (migration 0001's change feed): a change drops the borrower's.
CREATE TRIGGER rating_prompt_deferrals_notify_change AFTER INSERT OR UPDATE OR DELETE ON rating_prompt_deferrals
  FOR EACH ROW EXECUTE FUNCTION presta_notify_change('borrower', 'borrower_id');
