CREATE TABLE "complaint_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"complaint_id" bigint,
	"uploader" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_images_mime_ok" CHECK ("complaint_images"."mime" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "complaint_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"parent_value" integer,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "complaint_types_value_unique" UNIQUE("value"),
	CONSTRAINT "complaint_types_value_positive" CHECK ("complaint_types"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"type_value" integer NOT NULL,
	"sub_type_value" integer,
	"detail" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply_text" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" text,
	"score" smallint,
	"scored_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_ok" CHECK ("complaints"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "complaints_detail_length" CHECK (char_length("complaints"."detail") between 1 and 200),
	CONSTRAINT "complaints_score_range" CHECK ("complaints"."score" is null or "complaints"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_images_complaint_idx" ON "complaint_images" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_images_borrower_idx" ON "complaint_images" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_borrower_idx" ON "complaints" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "complaint_types" ("value", "parent_value", "title_es", "title_en", "sort") VALUES
	(1, NULL, 'Cobranza', 'Collection', 1),
	(2, NULL, 'Pagos y reembolsos', 'Payments and refunds', 2),
	(3, NULL, 'Tasas, comisiones y cargos', 'Rates, fees and charges', 3),
	(4, NULL, 'Desembolso del préstamo', 'Loan disbursement', 4),
	(5, NULL, 'Datos personales y privacidad', 'Personal data and privacy', 5),
	(6, NULL, 'Aplicación y servicio', 'App and service', 6),
	(7, NULL, 'Otro', 'Other', 7),
	(101, 1, 'Llamadas a mis contactos', 'Calls to my contacts', 1),
	(102, 1, 'Trato o lenguaje ofensivo', 'Rude or offensive language', 2),
	(103, 1, 'Llamadas fuera de horario', 'Calls at unreasonable hours', 3),
	(104, 1, 'Cobro de un préstamo ya pagado', 'Collection of a loan already paid', 4),
	(105, 1, 'Otro problema de cobranza', 'Other collection issue', 5);
