-- A bank transfer reference keeps the bank holding its virtual account (issue 36): a Razorpay Smart Collect account
-- is the loan's own and is reused by its next references, which name its bank without asking Razorpay again.
ALTER TABLE "payment_references" ADD COLUMN "bank_name" text;
