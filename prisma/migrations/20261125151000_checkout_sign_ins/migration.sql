-- Checkouts whose activation signed their buyer in: each may do so once.
CREATE TABLE "checkout_sign_ins" (
    "checkout_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "signed_in_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "checkout_sign_ins_pkey" PRIMARY KEY ("checkout_id")
);

ALTER TABLE "checkout_sign_ins" ADD CONSTRAINT "checkout_sign_ins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
