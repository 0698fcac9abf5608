-- A sign-in link requested for an email with no account creates a Basic account when used:
-- until then the link has no user and keeps the address it was sent to.
ALTER TABLE "sign_in_tokens" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "sign_in_tokens" ADD COLUMN "email" TEXT;
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_user_or_email" CHECK ("user_id" IS NOT NULL OR "email" IS NOT NULL);
