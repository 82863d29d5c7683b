-- Composite (org_id, id) foreign keys on references within an organisation (docs/decisions.md,
-- "Tenant scope by construction"): the database refuses a row that names another organisation's row.
-- A live database is checked first: rows that already reference another organisation's rows stop the
-- upgrade with a list of them (which side is wrong needs a person); none are changed. The constraints
-- are added NOT VALID and then validated: no table is rewritten.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(line, E'\n') INTO found FROM (
    SELECT 'sport_member.referrer_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member" c JOIN "sport_member" p ON p.id = c."referrer_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member.company_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member" c JOIN "sport_member" p ON p.id = c."company_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_list.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_list" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_identity.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_identity" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_face_log.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_face_log" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_visit.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_visit" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_card.type_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_card_type ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_card" c JOIN "sport_card_type" p ON p.id = c."type_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_card.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_card" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_usage.card_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member_card ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_usage" c JOIN "sport_member_card" p ON p.id = c."card_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_usage.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_usage" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_share.card_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member_card ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_share" c JOIN "sport_member_card" p ON p.id = c."card_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_share.member_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_share" c JOIN "sport_member" p ON p.id = c."member_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_log.card_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member_card ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_log" c JOIN "sport_member_card" p ON p.id = c."card_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_distribution.card_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member_card ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_distribution" c JOIN "sport_member_card" p ON p.id = c."card_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_distribution.company_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_distribution" c JOIN "sport_member" p ON p.id = c."company_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_distribution.entrant_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_member ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_distribution" c JOIN "sport_member" p ON p.id = c."entrant_id" WHERE p.org_id <> c.org_id
    LIMIT 100
  ) x;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0027_tenant_fk_member_card: rows reference rows of another organisation; correct them, then start again:%', E'\n' || found;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_member_org_id_uq" ON "sport_member" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_card_type_org_id_uq" ON "sport_card_type" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_member_card_org_id_uq" ON "sport_member_card" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "sport_member" DROP CONSTRAINT "sport_member_referrer_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member" ADD CONSTRAINT "sport_member_referrer_id_org_fk" FOREIGN KEY ("org_id","referrer_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE SET NULL ("referrer_id") ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member" DROP CONSTRAINT "sport_member_company_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member" ADD CONSTRAINT "sport_member_company_id_org_fk" FOREIGN KEY ("org_id","company_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE SET NULL ("company_id") ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_list" DROP CONSTRAINT "sport_member_list_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_list" ADD CONSTRAINT "sport_member_list_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_identity" DROP CONSTRAINT "sport_member_identity_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_identity" ADD CONSTRAINT "sport_member_identity_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_face_log" DROP CONSTRAINT "sport_member_face_log_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_face_log" ADD CONSTRAINT "sport_member_face_log_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_visit" DROP CONSTRAINT "sport_member_visit_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_visit" ADD CONSTRAINT "sport_member_visit_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_card" DROP CONSTRAINT "sport_member_card_type_id_sport_card_type_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" ADD CONSTRAINT "sport_member_card_type_id_org_fk" FOREIGN KEY ("org_id","type_id") REFERENCES "public"."sport_card_type"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_card" DROP CONSTRAINT "sport_member_card_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" ADD CONSTRAINT "sport_member_card_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_usage" DROP CONSTRAINT "sport_card_usage_card_id_sport_member_card_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" ADD CONSTRAINT "sport_card_usage_card_id_org_fk" FOREIGN KEY ("org_id","card_id") REFERENCES "public"."sport_member_card"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_usage" DROP CONSTRAINT "sport_card_usage_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" ADD CONSTRAINT "sport_card_usage_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_share" DROP CONSTRAINT "sport_card_share_card_id_sport_member_card_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_share" ADD CONSTRAINT "sport_card_share_card_id_org_fk" FOREIGN KEY ("org_id","card_id") REFERENCES "public"."sport_member_card"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_share" DROP CONSTRAINT "sport_card_share_member_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_share" ADD CONSTRAINT "sport_card_share_member_id_org_fk" FOREIGN KEY ("org_id","member_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_log" DROP CONSTRAINT "sport_card_log_card_id_sport_member_card_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_log" ADD CONSTRAINT "sport_card_log_card_id_org_fk" FOREIGN KEY ("org_id","card_id") REFERENCES "public"."sport_member_card"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" DROP CONSTRAINT "sport_card_distribution_card_id_sport_member_card_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" ADD CONSTRAINT "sport_card_distribution_card_id_org_fk" FOREIGN KEY ("org_id","card_id") REFERENCES "public"."sport_member_card"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" DROP CONSTRAINT "sport_card_distribution_company_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" ADD CONSTRAINT "sport_card_distribution_company_id_org_fk" FOREIGN KEY ("org_id","company_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" DROP CONSTRAINT "sport_card_distribution_entrant_id_sport_member_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" ADD CONSTRAINT "sport_card_distribution_entrant_id_org_fk" FOREIGN KEY ("org_id","entrant_id") REFERENCES "public"."sport_member"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member" VALIDATE CONSTRAINT "sport_member_referrer_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member" VALIDATE CONSTRAINT "sport_member_company_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_list" VALIDATE CONSTRAINT "sport_member_list_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_identity" VALIDATE CONSTRAINT "sport_member_identity_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_face_log" VALIDATE CONSTRAINT "sport_member_face_log_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_visit" VALIDATE CONSTRAINT "sport_member_visit_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" VALIDATE CONSTRAINT "sport_member_card_type_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" VALIDATE CONSTRAINT "sport_member_card_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" VALIDATE CONSTRAINT "sport_card_usage_card_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" VALIDATE CONSTRAINT "sport_card_usage_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_share" VALIDATE CONSTRAINT "sport_card_share_card_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_share" VALIDATE CONSTRAINT "sport_card_share_member_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_log" VALIDATE CONSTRAINT "sport_card_log_card_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" VALIDATE CONSTRAINT "sport_card_distribution_card_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" VALIDATE CONSTRAINT "sport_card_distribution_company_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_distribution" VALIDATE CONSTRAINT "sport_card_distribution_entrant_id_org_fk";
