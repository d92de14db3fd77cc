DROP INDEX "reminder_schedule_fire_at_idx";--> statement-breakpoint
CREATE INDEX "reminder_schedule_fire_at_id_idx" ON "reminder_schedule" USING btree ("fire_at","id");