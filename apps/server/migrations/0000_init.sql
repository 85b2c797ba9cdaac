CREATE TABLE "borrowers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrowers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_amount_positive" CHECK ("coupons"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"principal" bigint NOT NULL,
	"periods" smallint NOT NULL,
	"term_unit_days" smallint NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"commission_ppm" integer NOT NULL,
	"vat_ppm" integer NOT NULL,
	"coupon_id" bigint,
	"coupon_amount" bigint DEFAULT 0 NOT NULL,
	"disbursed_on" date,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_principal_positive" CHECK ("orders"."principal" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"limit_amount" bigint NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"amount_min" bigint NOT NULL,
	"amount_max" bigint NOT NULL,
	"amount_step" bigint NOT NULL,
	"periods_min" smallint NOT NULL,
	"periods_max" smallint NOT NULL,
	"term_unit_days" smallint NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"commission_ppm" integer NOT NULL,
	"vat_ppm" integer NOT NULL,
	"late_rule" text NOT NULL,
	"extension_enabled" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code"),
	CONSTRAINT "products_amounts_ok" CHECK ("products"."amount_min" > 0 and "products"."amount_min" <= "products"."amount_max" and "products"."amount_step" > 0),
	CONSTRAINT "products_periods_ok" CHECK ("products"."periods_min" >= 1 and "products"."periods_min" <= "products"."periods_max")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_range" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "repayment_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_plans_non_negative" CHECK ("repayment_plans"."principal" >= 0 and "repayment_plans"."interest" >= 0 and "repayment_plans"."commission" >= 0 and "repayment_plans"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offers" ADD CONSTRAINT "product_offers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offers" ADD CONSTRAINT "product_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_plans" ADD CONSTRAINT "repayment_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_borrower_idx" ON "coupons" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_borrower_idx" ON "orders" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_product_uq" ON "orders" USING btree ("borrower_id","product_id") WHERE "orders"."status" in ('21', '151', '174', '180');--> statement-breakpoint
CREATE UNIQUE INDEX "product_offers_borrower_product_uq" ON "product_offers" USING btree ("borrower_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_borrower_order_uq" ON "ratings" USING btree ("borrower_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_plans_order_seq_uq" ON "repayment_plans" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "sessions_borrower_idx" ON "sessions" USING btree ("borrower_id");