CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"return_path" text NOT NULL,
	"locale" text DEFAULT 'cs' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_payments_state_check" CHECK ("test_gateway_payments"."state" in ('created', 'paid', 'failed')),
	CONSTRAINT "test_gateway_payments_amount_minor_check" CHECK ("test_gateway_payments"."amount_minor" >= 0)
);
