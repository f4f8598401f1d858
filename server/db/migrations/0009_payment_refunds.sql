ALTER TABLE "test_gateway_payments" DROP CONSTRAINT "test_gateway_payments_state_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "refunded_minor" bigint;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_refunded_idx" ON "payments" USING btree ("status","id") WHERE "payments"."status" = 'refunded';--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD CONSTRAINT "test_gateway_payments_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('duplicate'));--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD CONSTRAINT "test_gateway_payments_state_check" CHECK ("test_gateway_payments"."state" in ('created', 'paid', 'failed', 'refunded'));