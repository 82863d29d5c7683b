DROP INDEX "sport_ticket_viewer_live_uq";--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD COLUMN "gate_open_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD COLUMN "gate_close_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD COLUMN "viewer_key" varchar(32);--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD COLUMN "buyer_key" varchar(32);--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" ADD COLUMN "override_reason" varchar(200);--> statement-breakpoint
-- Backfill: viewer_key is viewer_id_no as limits compare it (spaces and hyphens dropped, upper case; a 15-digit identity number as its 18-digit form: "19" after the area code, then the ISO 7064 MOD 11-2 check character).
UPDATE "sport_ticket" t SET "viewer_key" = k."key" FROM (
  SELECT y."id", CASE WHEN y."typ" = '1' AND y."n" ~ '^[0-9]{15}$'
    THEN y."b" || substr('10X98765432', (SELECT sum(substr(y."b", i, 1)::int * (ARRAY[7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2])[i]) FROM generate_series(1, 17) AS i)::int % 11 + 1, 1)
    ELSE y."n" END AS "key"
  FROM (SELECT x."id", x."typ", x."n", substr(x."n", 1, 6) || '19' || substr(x."n", 7) AS "b"
        FROM (SELECT "id", coalesce("viewer_id_type", '1') AS "typ", upper(regexp_replace("viewer_id_no", '[[:space:]-]', '', 'g')) AS "n" FROM "sport_ticket" WHERE "viewer_id_no" IS NOT NULL) x) y
) k WHERE t."id" = k."id" AND k."key" <> '';--> statement-breakpoint
-- Backfill: buyer_key is buyer_id_no as limits compare it (spaces and hyphens dropped, upper case; a 15-digit identity number as its 18-digit form: "19" after the area code, then the ISO 7064 MOD 11-2 check character).
UPDATE "sport_ticket" t SET "buyer_key" = k."key" FROM (
  SELECT y."id", CASE WHEN y."typ" = '1' AND y."n" ~ '^[0-9]{15}$'
    THEN y."b" || substr('10X98765432', (SELECT sum(substr(y."b", i, 1)::int * (ARRAY[7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2])[i]) FROM generate_series(1, 17) AS i)::int % 11 + 1, 1)
    ELSE y."n" END AS "key"
  FROM (SELECT x."id", x."typ", x."n", substr(x."n", 1, 6) || '19' || substr(x."n", 7) AS "b"
        FROM (SELECT "id", '1' AS "typ", upper(regexp_replace("buyer_id_no", '[[:space:]-]', '', 'g')) AS "n" FROM "sport_ticket" WHERE "buyer_id_no" IS NOT NULL) x) y
) k WHERE t."id" = k."id" AND k."key" <> '';--> statement-breakpoint
-- Tickets sold before this change to one person under two forms of their number (15 and 18 digits, or with hyphens) stay sold; the earliest keeps the key, so the person still holds one ticket for the rule.
UPDATE "sport_ticket" t SET "viewer_key" = NULL WHERE t."viewer_key" IS NOT NULL AND t."state" IN ('held','sold','used') AND EXISTS (
  SELECT 1 FROM "sport_ticket" o WHERE o."session_id" = t."session_id" AND o."viewer_key" = t."viewer_key" AND o."state" IN ('held','sold','used') AND o."id" < t."id");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_viewer_key_live_uq" ON "sport_ticket" USING btree ("session_id","viewer_key") WHERE "sport_ticket"."viewer_key" is not null and "sport_ticket"."state" in ('held','sold','used');--> statement-breakpoint
CREATE INDEX "sport_ticket_session_buyer_key_idx" ON "sport_ticket" USING btree ("session_id","buyer_key");--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD CONSTRAINT "sport_ticket_session_gate_window" CHECK ("sport_ticket_session"."gate_open_minutes" between 0 and 10080 and "sport_ticket_session"."gate_close_minutes" between 0 and 10080);