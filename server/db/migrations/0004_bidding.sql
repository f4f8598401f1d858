ALTER TABLE "bids" ADD COLUMN "kind" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
-- Bids the system placed for a proxy bidder were only flagged before.
UPDATE "bids" SET "kind" = 'automatic' WHERE "is_automatic";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "leader_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "leader_max_minor" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "leader_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "last_bid_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ending_notice_at" timestamp with time zone;--> statement-breakpoint
-- Existing auctions: the leader is the highest bid (the earlier one on a tie), with its maximum.
UPDATE "products" AS p SET "leader_id" = b."user_id", "leader_max_minor" = greatest(coalesce(b."max_amount_minor", b."amount_minor"), b."amount_minor"), "leader_since" = b."created_at" FROM (SELECT DISTINCT ON ("product_id") "product_id", "user_id", "amount_minor", "max_amount_minor", "created_at" FROM "bids" ORDER BY "product_id", "amount_minor" DESC, "id") AS b WHERE p."id" = b."product_id" AND p."format" = 'auction';--> statement-breakpoint
UPDATE "products" AS p SET "last_bid_id" = (SELECT max("id") FROM "bids" WHERE "product_id" = p."id") WHERE p."format" = 'auction';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_kind_check" CHECK ("bids"."kind" in ('manual', 'automatic', 'max_raise'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_leader_max_minor_check" CHECK ("products"."leader_max_minor" >= 0);