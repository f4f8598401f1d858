CREATE TABLE "seller_declarations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"name" text,
	"street" text,
	"city" text,
	"zip" text,
	"phone" text,
	"email" text,
	"register_name" text,
	"register_number" text,
	"ico" text,
	"payment_account" text,
	"self_certified_at" timestamp with time zone,
	"ares_check" text,
	"ares_checked_at" timestamp with time zone,
	"ares_verified_at" timestamp with time zone,
	"ares_name" text,
	"ares_address" text,
	"suspension_reasons" text,
	"suspended_at" timestamp with time zone,
	"suspended_by" integer,
	"account_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_declarations_kind_check" CHECK ("seller_declarations"."kind" in ('private', 'trader')),
	CONSTRAINT "seller_declarations_status_check" CHECK ("seller_declarations"."status" in ('active', 'suspended')),
	CONSTRAINT "seller_declarations_ares_check_check" CHECK ("seller_declarations"."ares_check" in ('verified', 'not_found', 'ceased', 'unavailable'))
);
--> statement-breakpoint
ALTER TABLE "seller_declarations" ADD CONSTRAINT "seller_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_declarations" ADD CONSTRAINT "seller_declarations_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_declarations_account_ended_idx" ON "seller_declarations" USING btree ("account_ended_at");