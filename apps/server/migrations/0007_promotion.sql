CREATE TABLE "promo_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"page_id" text DEFAULT '' NOT NULL,
	"user_from" text DEFAULT '' NOT NULL,
	"client_type" text DEFAULT '' NOT NULL,
	"page_type" text DEFAULT '' NOT NULL,
	"utm_tag" text DEFAULT '' NOT NULL,
	"app_from" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"answer_hash" text,
	"drawn_at" timestamp with time zone,
	"draws" integer DEFAULT 0 NOT NULL,
	"wrong_answers" smallint DEFAULT 0 NOT NULL,
	"passed_phone" text,
	"passed_at" timestamp with time zone,
	"client_ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"sid" text NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"app_from" text,
	"user_from" text,
	"utm_tag" text,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"agreement_title" text NOT NULL,
	"agreement_paragraphs" text[] NOT NULL,
	"download_title" text NOT NULL,
	"download_text" text NOT NULL,
	"ios_url" text DEFAULT '' NOT NULL,
	"android_url" text DEFAULT '' NOT NULL,
	"pixel_id" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "promo_template_id" integer;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "app_from" text;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "user_from" text;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "utm_tag" text;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "invite_code" text;--> statement-breakpoint
CREATE INDEX "promo_events_kind_idx" ON "promo_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "promo_sessions_created_idx" ON "promo_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promo_sms_codes_phone_idx" ON "promo_sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "promo_sms_codes_ip_idx" ON "promo_sms_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
INSERT INTO "promotion_templates" ("id", "app_name", "agreement_title", "agreement_paragraphs", "download_title", "download_text", "ios_url", "android_url", "pixel_id") VALUES
	(1, 'Presta', 'Acuerdo de registro y aviso de privacidad',
	 ARRAY[
	   'Al registrarse, usted acepta que Presta use su número de teléfono para crear su cuenta y enviarle códigos de verificación.',
	   'Sus datos se tratan conforme a nuestro Aviso de Privacidad y no se comparten con terceros sin su consentimiento, salvo por obligación legal.',
	   'Podrá solicitar un préstamo desde la aplicación una vez que complete su perfil. La aprobación depende de la evaluación de su solicitud.',
	   'Puede pedir la cancelación de su cuenta en cualquier momento desde la aplicación o escribiendo a soporte.'
	 ],
	 'Descargue la aplicación Presta',
	 'Su cuenta está lista. Descargue la aplicación e inicie sesión con su número de teléfono para solicitar su préstamo.',
	 'https://apps.apple.com/app/presta/id0000000000',
	 'https://play.google.com/store/apps/details?id=com.presta.app',
	 '');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('promotion_templates', 'id'), (SELECT max(id) FROM promotion_templates));
