CREATE TABLE "medicine_plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"effective_on" date NOT NULL,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "stopped_on" date;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "medicine_plan_changes" ADD CONSTRAINT "medicine_plan_changes_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicine_plan_changes_medicine_idx" ON "medicine_plan_changes" USING btree ("medicine_id","effective_on","created_at");--> statement-breakpoint
-- Decision 314: the plan each existing medicine holds today becomes the first entry of its history,
-- from its start date (nothing earlier is known), in the shape of the domain's MedicinePlan.
INSERT INTO "medicine_plan_changes" ("medicine_id", "effective_on", "kind", "plan")
SELECT "id", "start_date", 'start', jsonb_build_object(
  'dosage', "dosage",
  'frequency', "frequency",
  'schedule', "schedule",
  'doseTimes', CASE WHEN coalesce(cardinality("dose_times"), 0) = 0 THEN 'null'::jsonb ELSE to_jsonb("dose_times") END,
  'pillsPerDose', "pills_per_dose",
  'stopped', false
) FROM "medicines";
