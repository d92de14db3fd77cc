CREATE TABLE "as_needed_intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "as_needed_intakes" ADD CONSTRAINT "as_needed_intakes_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "as_needed_intakes_medicine_idx" ON "as_needed_intakes" USING btree ("medicine_id","taken_at");