CREATE TABLE "key_facts_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"proposal_no" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" bigint,
	"principal" bigint NOT NULL,
	"periods" smallint NOT NULL,
	"term_unit_days" smallint NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"commission_ppm" integer NOT NULL,
	"vat_ppm" integer NOT NULL,
	"tax_base" text[] NOT NULL,
	"coupon_amount" bigint DEFAULT 0 NOT NULL,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_session" text,
	"acknowledged_language" text,
	CONSTRAINT "key_facts_statements_proposal_no_unique" UNIQUE("proposal_no"),
	CONSTRAINT "key_facts_statements_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "key_facts_principal_positive" CHECK ("key_facts_statements"."principal" > 0),
	CONSTRAINT "key_facts_acknowledged_whole" CHECK (("key_facts_statements"."acknowledged_at" is null) = ("key_facts_statements"."acknowledged_session" is null))
);
--> statement-breakpoint
ALTER TABLE "key_facts_statements" ADD CONSTRAINT "key_facts_statements_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_facts_statements" ADD CONSTRAINT "key_facts_statements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_facts_statements" ADD CONSTRAINT "key_facts_statements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_facts_borrower_product_idx" ON "key_facts_statements" USING btree ("borrower_id","product_id");