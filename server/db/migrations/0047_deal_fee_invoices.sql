CREATE TABLE "deal_fee_invoicing" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deal_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "fee" text;--> statement-breakpoint
ALTER TABLE "deal_fee_invoicing" ADD CONSTRAINT "deal_fee_invoicing_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_fee_invoicing_pending_idx" ON "deal_fee_invoicing" USING btree ("deal_id") WHERE "deal_fee_invoicing"."done_at" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_deal_id_idx" ON "invoices" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_deal_fee_unique" ON "invoices" USING btree ("deal_id","fee","kind") WHERE "invoices"."deal_id" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subject_check" CHECK (("invoices"."order_id" is null) <> ("invoices"."deal_id" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_check" CHECK (("invoices"."deal_id" is null) = ("invoices"."fee" is null) and "invoices"."fee" in ('buyer_protection', 'seller_commission'));