CREATE TABLE "account_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"device" text,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"device" text NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_activity_user_idx" ON "account_activity" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_activity_at_idx" ON "account_activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "known_devices_seen_idx" ON "known_devices" USING btree ("last_seen_at");--> statement-breakpoint
-- The activity record is append-only for the application (decision 294): no statement may change
-- a row. Deleting stays possible: retention's prune after 180 days and the account's own deletion.
CREATE OR REPLACE FUNCTION "account_activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_activity is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_activity_append_only" BEFORE UPDATE ON "account_activity" FOR EACH ROW EXECUTE FUNCTION "account_activity_append_only"();
