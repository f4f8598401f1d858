ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_reason_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_reserved_until_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'awaiting_payment' and "orders"."stock_released_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('card', 'bank_transfer', 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_discount_minor_check" CHECK ("orders"."group_discount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_discount_minor_check" CHECK ("orders"."voucher_discount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_fee_minor_check" CHECK ("orders"."payment_fee_minor" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('duplicate', 'sold_out'));--> statement-breakpoint
-- Orders made before the split: a voucher's order took its discount from the voucher, any other from the user group.
UPDATE "orders" SET "voucher_discount_minor" = "discount_minor" WHERE "voucher_id" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "group_discount_minor" = "discount_minor" WHERE "voucher_id" IS NULL;
