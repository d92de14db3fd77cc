-- Decision 346: the page a notification opens when not its type's usual one (a measurement
-- reminder's reading page), so the bell opens what the push opens. Null for every older row.
ALTER TABLE "notifications" ADD COLUMN "link" text;