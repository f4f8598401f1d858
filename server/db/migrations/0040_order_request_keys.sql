-- Issue 34: placing an order is idempotent (ADR 0069). The order keeps the key of the request that
-- created it (the checkout form's hidden key, the API's Idempotency-Key), whose key it is, and a
-- hash of what was asked; the unique index makes two concurrent requests with one key one order.
ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_scope" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key_unique" ON "orders" USING btree ("request_key","request_scope");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_request_key_check" CHECK (("orders"."request_key" is null) = ("orders"."request_scope" is null));