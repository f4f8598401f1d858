ALTER TABLE "deal_dispute_messages" ADD COLUMN "photos_removed" text;--> statement-breakpoint
ALTER TABLE "deal_dispute_messages" ADD COLUMN "photos_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deal_dispute_photos_dispute_id_idx" ON "deal_dispute_photos" USING btree ("dispute_id");--> statement-breakpoint
ALTER TABLE "deal_dispute_messages" ADD CONSTRAINT "deal_dispute_messages_photos_removed_check" CHECK ("deal_dispute_messages"."photos_removed" in ('retention', 'erasure'));