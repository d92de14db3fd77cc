-- Issue 54: the rows there are now (people who used the app before the simple screen) read false,
-- so they are not offered it; the default goes at once, so a new account's row gets null (never
-- chosen), which the app offers once. A default rather than an UPDATE: no row is written, so the
-- reminder stamps' triggers see no change of anyone's settings.
ALTER TABLE "user_settings" ADD COLUMN "simple_mode" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "simple_mode" DROP DEFAULT;