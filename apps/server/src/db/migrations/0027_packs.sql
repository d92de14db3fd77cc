CREATE TABLE "gtin_mappings" (
	"user_id" uuid NOT NULL,
	"gtin" text NOT NULL,
	"medicine_id" uuid NOT NULL,
	"pills_per_pack" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gtin_mappings_user_id_gtin_pk" PRIMARY KEY("user_id","gtin")
);
--> statement-breakpoint
CREATE TABLE "medicine_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"refill_id" uuid,
	"gtin" text,
	"batch" text,
	"serial" text,
	"expires_on" date,
	"pills" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_up_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gtin_mappings" ADD CONSTRAINT "gtin_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtin_mappings" ADD CONSTRAINT "gtin_mappings_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_packs" ADD CONSTRAINT "medicine_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_packs" ADD CONSTRAINT "medicine_packs_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_packs" ADD CONSTRAINT "medicine_packs_refill_id_refills_id_fk" FOREIGN KEY ("refill_id") REFERENCES "public"."refills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gtin_mappings_medicine_idx" ON "gtin_mappings" USING btree ("medicine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_packs_serial_idx" ON "medicine_packs" USING btree ("user_id","gtin","serial") WHERE "medicine_packs"."serial" is not null;--> statement-breakpoint
CREATE INDEX "medicine_packs_medicine_idx" ON "medicine_packs" USING btree ("medicine_id","expires_on");--> statement-breakpoint
CREATE INDEX "medicine_packs_on_hand_idx" ON "medicine_packs" USING btree ("user_id","expires_on") WHERE "medicine_packs"."used_up_at" is null;--> statement-breakpoint
-- What a user's expiry reminders are decided from (decision 323): a pack written raises their stamp
-- (decision 015) like a medicine does.
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "medicine_packs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
