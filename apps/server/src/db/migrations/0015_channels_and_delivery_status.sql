CREATE TABLE "delivery_status" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_reason" text,
	"last_failure_detail" text
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "mode" text DEFAULT 'every' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "delivery_status" ADD CONSTRAINT "delivery_status_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;