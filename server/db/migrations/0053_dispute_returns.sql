ALTER TABLE "deal_dispute_messages" DROP CONSTRAINT "deal_dispute_messages_role_check";--> statement-breakpoint
ALTER TABLE "deal_disputes" DROP CONSTRAINT "deal_disputes_status_check";--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "proposed_return" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "return_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "return_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD COLUMN "return_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_dispute_messages" ADD CONSTRAINT "deal_dispute_messages_role_check" CHECK ("deal_dispute_messages"."role" in ('buyer', 'seller', 'operator', 'system'));--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_return_carrier_check" CHECK ("deal_disputes"."return_carrier" in ('zasilkovna', 'ppl', 'ceska_posta', 'dpd', 'gls'));--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_status_check" CHECK ("deal_disputes"."status" in ('open', 'escalated', 'returning', 'resolved'));