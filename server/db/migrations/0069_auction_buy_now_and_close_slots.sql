ALTER TABLE "products" ADD COLUMN "buy_now_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "close_round_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "close_slot" integer;--> statement-breakpoint
CREATE INDEX "products_close_round_idx" ON "products" USING btree ("close_round_at","close_slot") WHERE "products"."close_round_at" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_buy_now_price_minor_check" CHECK ("products"."buy_now_price_minor" >= 0);