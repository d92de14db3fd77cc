CREATE TABLE "staged_fires" (
	"lease_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"notification_ids" uuid[] NOT NULL,
	"keys" text[] NOT NULL,
	"rows" json NOT NULL,
	CONSTRAINT "staged_fires_lease_id_user_id_pk" PRIMARY KEY("lease_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "staged_fires" ADD CONSTRAINT "staged_fires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staged_fires_user_idx" ON "staged_fires" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staged_fires_due_idx" ON "staged_fires" USING btree ("due_at");--> statement-breakpoint
-- Undoes a user's staged fires that are not yet released (decision 017): their pushes, their
-- notifications (hidden until their instant) and their dedupe keys go, and each schedule row is put
-- back as it was, if it is still as staging left it: a row a medicine edit re-planned keeps its new
-- plan. A restored row is due at its instant, and the fire job then decides it from the state then.
-- `lease`: only that lease's (a process handing back what it staged when it stops).
CREATE FUNCTION "reminder_staged_cancel"("uid" uuid, "lease" uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  f record;
BEGIN
  FOR f IN
    DELETE FROM "staged_fires" WHERE "user_id" = "uid" AND ("lease" IS NULL OR "lease_id" = "lease")
    RETURNING "lease_id", "notification_ids", "keys", "rows"
  LOOP
    DELETE FROM "push_outbox" WHERE "lease_id" = f."lease_id" AND "user_id" = "uid";
    DELETE FROM "notifications" WHERE "id" = ANY (f."notification_ids") AND "user_id" = "uid";
    DELETE FROM "reminder_deliveries" WHERE "user_id" = "uid" AND "key" = ANY (f."keys");
    UPDATE "reminder_schedule" r
    SET "fire_at" = x."fire_at", "occurrence_date" = x."occurrence_date", "local_time" = x."local_time",
        "offset_minutes" = x."offset_minutes", "timezone" = x."timezone"
    FROM json_to_recordset(f."rows") AS x(
      "id" uuid, "fire_at" timestamptz, "occurrence_date" date, "local_time" text, "offset_minutes" int,
      "timezone" text, "moved_fire_at" timestamptz, "moved_occurrence_date" date, "moved_local_time" text,
      "moved_offset_minutes" int, "moved_timezone" text)
    WHERE r."id" = x."id" AND r."user_id" = "uid" AND r."fire_at" = x."moved_fire_at"
      AND r."occurrence_date" = x."moved_occurrence_date" AND r."local_time" = x."moved_local_time"
      AND r."offset_minutes" = x."moved_offset_minutes" AND r."timezone" = x."moved_timezone";
  END LOOP;
END
$$;
--> statement-breakpoint
-- A raised stamp now also cancels the user's staged fires (decision 017), in the same transaction as
-- the change that raised it: a reminder stored ahead is never sent from state older than the user's
-- last write. The cancel runs after the stamp's row lock is taken, so it waits for a staging
-- transaction that holds that lock (FOR SHARE) and then sees what it staged.
CREATE OR REPLACE FUNCTION "reminder_stamp_bump"("uid" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reminder_stamps" ("user_id", "stamp")
  SELECT "uid", 1 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = "uid")
  ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "reminder_stamps"."stamp" + 1;
  PERFORM "reminder_staged_cancel"("uid");
END
$$;
