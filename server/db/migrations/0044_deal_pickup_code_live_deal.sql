ALTER TABLE "deals" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "pickup_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_one_live_per_product" ON "deals" USING btree ("product_id") WHERE "deals"."status" not in ('cancelled', 'cancelled_unpaid', 'refunded');