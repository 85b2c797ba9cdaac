ALTER TABLE "promotion_templates" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The seeded default template (id 1) in English: the same agreement and download texts as its Spanish columns.
UPDATE "promotion_templates" SET "translations" = jsonb_build_object('en', jsonb_build_object(
	'agreementTitle', 'Registration agreement and privacy notice',
	'agreementParagraphs', jsonb_build_array(
	  'By signing up, you agree that Presta uses your phone number to create your account and to send you verification codes.',
	  'Your data is handled under our Privacy Notice and is not shared with third parties without your consent, unless the law requires it.',
	  'You can apply for a loan in the app once your profile is complete. Approval depends on the assessment of your application.',
	  'You can ask for your account to be closed at any time, in the app or by writing to support.'
	),
	'downloadTitle', 'Download the Presta app',
	'downloadText', 'Your account is ready. Download the app and sign in with your phone number to apply for your loan.'
)) WHERE "id" = 1;
