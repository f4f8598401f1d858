ALTER TABLE "moderation_reports" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_reports_owner_idx" ON "moderation_reports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter_idx" ON "moderation_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
-- The reports filed before: whose the content is, as the owners' rows say now (a one-off backfill).
UPDATE "moderation_reports" SET "owner_id" = p."seller_id" FROM "products" p WHERE "moderation_reports"."target" = 'listing' AND p."id" = "moderation_reports"."target_id";--> statement-breakpoint
UPDATE "moderation_reports" SET "owner_id" = m."sender_id" FROM "messages" m WHERE "moderation_reports"."target" = 'message' AND m."id" = "moderation_reports"."target_id";--> statement-breakpoint
UPDATE "moderation_reports" SET "owner_id" = r."author_id" FROM "reviews" r WHERE "moderation_reports"."target" = 'review' AND r."id" = "moderation_reports"."target_id";--> statement-breakpoint
UPDATE "moderation_reports" SET "owner_id" = u."id" FROM "users" u WHERE "moderation_reports"."target" = 'user' AND u."id" = "moderation_reports"."target_id";
