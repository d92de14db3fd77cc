ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "push_outbox" ALTER COLUMN "payload" SET DATA TYPE json;