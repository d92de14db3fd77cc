CREATE TABLE "care_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"can_see_medicines" boolean DEFAULT false NOT NULL,
	"missed_dose_alerts" boolean DEFAULT true NOT NULL,
	"missed_delay_minutes" integer DEFAULT 60 NOT NULL,
	"refill_alerts" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_links" (
	"patient_id" uuid NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"can_see_medicines" boolean DEFAULT false NOT NULL,
	"missed_dose_alerts" boolean DEFAULT true NOT NULL,
	"missed_delay_minutes" integer DEFAULT 60 NOT NULL,
	"refill_alerts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_links_patient_id_caregiver_id_pk" PRIMARY KEY("patient_id","caregiver_id")
);
--> statement-breakpoint
ALTER TABLE "care_invitations" ADD CONSTRAINT "care_invitations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_links" ADD CONSTRAINT "care_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_links" ADD CONSTRAINT "care_links_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_invitations_token_hash_unique" ON "care_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "care_invitations_patient_idx" ON "care_invitations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "care_links_caregiver_idx" ON "care_links" USING btree ("caregiver_id");