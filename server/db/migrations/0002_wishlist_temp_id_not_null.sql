ALTER TABLE "wishlists" ALTER COLUMN "temp_id" SET DEFAULT gen_random_uuid();--> statement-breakpoint
UPDATE "wishlists" SET "temp_id" = gen_random_uuid() WHERE "temp_id" IS NULL;--> statement-breakpoint
ALTER TABLE "wishlists" ALTER COLUMN "temp_id" SET NOT NULL;