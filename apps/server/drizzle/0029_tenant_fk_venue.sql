-- Composite (org_id, id) foreign keys on references within an organisation (docs/decisions.md,
-- "Tenant scope by construction"): the database refuses a row that names another organisation's row.
-- A live database is checked first: rows that already reference another organisation's rows stop the
-- upgrade with a list of them (which side is wrong needs a person); none are changed. The constraints
-- are added NOT VALID and then validated: no table is rewritten. sport_order.venue_id is written by hand, as
-- 0007 added it: the commerce core's table file names no venue.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(line, E'\n') INTO found FROM (
    SELECT 'sport_site.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_site" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_price_rule.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_price_rule" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_price_rule.site_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_site ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_price_rule" c JOIN "sport_site" p ON p.id = c."site_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_venue_template.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_venue_template" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_booking_series.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_booking_series" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_closure.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_closure" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_shift.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_shift" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.site_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_site ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_site" p ON p.id = c."site_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.unit_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_site ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_site" p ON p.id = c."unit_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.item_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order_item ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_order_item" p ON p.id = c."item_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.series_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_booking_series ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_booking_series" p ON p.id = c."series_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.closure_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_closure ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_closure" p ON p.id = c."closure_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_slot_claim.difference_order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_slot_claim" c JOIN "sport_order" p ON p.id = c."difference_order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_order.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_order" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    LIMIT 100
  ) x;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0029_tenant_fk_venue: rows reference rows of another organisation; correct them, then start again:%', E'\n' || found;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_venue_org_id_uq" ON "sport_venue" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_site_org_id_uq" ON "sport_site" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_booking_series_org_id_uq" ON "sport_booking_series" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_closure_org_id_uq" ON "sport_closure" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "sport_site" DROP CONSTRAINT "sport_site_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_site" ADD CONSTRAINT "sport_site_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_price_rule" DROP CONSTRAINT "sport_price_rule_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_price_rule" ADD CONSTRAINT "sport_price_rule_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_price_rule" DROP CONSTRAINT "sport_price_rule_site_id_sport_site_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_price_rule" ADD CONSTRAINT "sport_price_rule_site_id_org_fk" FOREIGN KEY ("org_id","site_id") REFERENCES "public"."sport_site"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_venue_template" DROP CONSTRAINT "sport_venue_template_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_venue_template" ADD CONSTRAINT "sport_venue_template_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_booking_series" DROP CONSTRAINT "sport_booking_series_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_booking_series" ADD CONSTRAINT "sport_booking_series_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_closure" DROP CONSTRAINT "sport_closure_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_closure" ADD CONSTRAINT "sport_closure_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_shift" DROP CONSTRAINT "sport_shift_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_shift" ADD CONSTRAINT "sport_shift_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_site_id_sport_site_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_site_id_org_fk" FOREIGN KEY ("org_id","site_id") REFERENCES "public"."sport_site"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_unit_id_sport_site_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_unit_id_org_fk" FOREIGN KEY ("org_id","unit_id") REFERENCES "public"."sport_site"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_item_id_sport_order_item_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_item_id_org_fk" FOREIGN KEY ("org_id","item_id") REFERENCES "public"."sport_order_item"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_series_id_sport_booking_series_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_series_id_org_fk" FOREIGN KEY ("org_id","series_id") REFERENCES "public"."sport_booking_series"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_closure_id_sport_closure_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_closure_id_org_fk" FOREIGN KEY ("org_id","closure_id") REFERENCES "public"."sport_closure"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" DROP CONSTRAINT "sport_slot_claim_difference_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" ADD CONSTRAINT "sport_slot_claim_difference_order_id_org_fk" FOREIGN KEY ("org_id","difference_order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_order" DROP CONSTRAINT "sport_order_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_order" ADD CONSTRAINT "sport_order_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_site" VALIDATE CONSTRAINT "sport_site_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_price_rule" VALIDATE CONSTRAINT "sport_price_rule_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_price_rule" VALIDATE CONSTRAINT "sport_price_rule_site_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_venue_template" VALIDATE CONSTRAINT "sport_venue_template_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_booking_series" VALIDATE CONSTRAINT "sport_booking_series_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_closure" VALIDATE CONSTRAINT "sport_closure_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_shift" VALIDATE CONSTRAINT "sport_shift_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_site_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_unit_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_item_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_series_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_closure_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_slot_claim" VALIDATE CONSTRAINT "sport_slot_claim_difference_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_order" VALIDATE CONSTRAINT "sport_order_venue_id_org_fk";
