CREATE TABLE "reminder_stamps" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stamp" bigint NOT NULL
);

--> statement-breakpoint
-- Derived (decision 015): kept by the triggers below, so migrate-to-postgres does not copy it.
COMMENT ON TABLE "reminder_stamps" IS 'derived: a number per user raised by triggers whenever what their reminders are decided from changes (decision 015); not copied between databases';
--> statement-breakpoint
-- Only for a user who still exists: a user's deletion cascades to their medicines, doses and
-- settings, whose triggers run after the user's own (the cascades' triggers are deferred to the end
-- of the deleting statement) and must not leave a stamp behind.
CREATE FUNCTION "reminder_stamp_bump"("uid" uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "reminder_stamps" ("user_id", "stamp")
  SELECT "uid", 1 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = "uid")
  ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "reminder_stamps"."stamp" + 1
$$;
--> statement-breakpoint
-- The user(s) a changed row belongs to, before and after the change (a row moved to another user
-- raises both): a dose's or an intake's through its medicine, a care link's patient (their
-- caregivers' alerts are decided from it), a renamed user's own.
-- Raised at commit (the triggers below are deferred constraint triggers), not as each row is
-- written: the stamp's row lock is then the last lock every writing transaction takes, so two
-- writes of one user can wait for each other's stamp but never deadlock on it. (Raised as each row
-- was written, a dose tick holding the stamp waited for a day row that another tick, waiting for the
-- stamp, held: seen under bench:api's write load on PostgreSQL.)
CREATE FUNCTION "reminder_stamp_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'dose_records', 'as_needed_intakes' THEN
      PERFORM "reminder_stamp_bump"(m."user_id") FROM "medicines" m
      WHERE m."id" IN (OLD."medicine_id", NEW."medicine_id");
    WHEN 'care_links' THEN
      PERFORM "reminder_stamp_bump"(u) FROM (SELECT DISTINCT unnest(ARRAY[OLD."patient_id", NEW."patient_id"])) x(u);
    WHEN 'users' THEN
      PERFORM "reminder_stamp_bump"(NEW."id");
    ELSE
      PERFORM "reminder_stamp_bump"(u) FROM (SELECT DISTINCT unnest(ARRAY[OLD."user_id", NEW."user_id"])) x(u);
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "reminder_stamp_forget_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "reminder_stamps" WHERE "user_id" = OLD."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "user_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "medicines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "push_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "dose_records" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "as_needed_intakes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "care_links" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reminder_stamp" AFTER UPDATE OF "name" ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "reminder_stamp_raise"();
--> statement-breakpoint
CREATE TRIGGER "reminder_stamp_forget" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "reminder_stamp_forget_user"();
