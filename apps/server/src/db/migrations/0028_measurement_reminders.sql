CREATE TABLE "measurement_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"custom_type_id" uuid,
	"times" text[] NOT NULL,
	"days" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurement_reminders" ADD CONSTRAINT "measurement_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_reminders" ADD CONSTRAINT "measurement_reminders_custom_type_id_measurement_types_id_fk" FOREIGN KEY ("custom_type_id") REFERENCES "public"."measurement_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_reminders_user_type_idx" ON "measurement_reminders" USING btree ("user_id","type");--> statement-breakpoint
-- Decision 331: a reading settles a measurement reminder, and a reminder's times decide its row: both
-- raise the person's reminder stamp (decision 015), so a follow-up staged or prepared ahead is
-- decided again, not sent after the reading that answered it.
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "measurements" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "measurement_reminders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
