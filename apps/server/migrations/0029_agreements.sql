CREATE TABLE "agreement_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_no" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"market" text NOT NULL,
	"lang" text NOT NULL,
	"amount" bigint NOT NULL,
	"periods" integer NOT NULL,
	"term_unit" integer NOT NULL,
	"proposal_no" text,
	"figures" jsonb NOT NULL,
	"template_version" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_documents_sha256_ck" CHECK ("agreement_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "agreement_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"order_id" bigint,
	"phone" text NOT NULL,
	"code_id" bigint NOT NULL,
	"code_verification" jsonb NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"client_ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"device_id" text,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_timestamps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"authority" text NOT NULL,
	"response" "bytea",
	"stamped_at" timestamp with time zone,
	"serial_number" text,
	"policy" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_documents" ADD CONSTRAINT "agreement_documents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_documents" ADD CONSTRAINT "agreement_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_document_id_agreement_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_code_id_verification_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."verification_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_timestamps" ADD CONSTRAINT "agreement_timestamps_document_id_agreement_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_documents_no_uq" ON "agreement_documents" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "agreement_documents_borrower_idx" ON "agreement_documents" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_document_uq" ON "agreement_signatures" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_order_uq" ON "agreement_signatures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "agreement_signatures_borrower_idx" ON "agreement_signatures" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_timestamps_document_uq" ON "agreement_timestamps" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "agreement_timestamps_pending_idx" ON "agreement_timestamps" USING btree ("status");