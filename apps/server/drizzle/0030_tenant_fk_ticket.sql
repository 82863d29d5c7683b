-- Composite (org_id, id) foreign keys on references within an organisation (docs/decisions.md,
-- "Tenant scope by construction"): the database refuses a row that names another organisation's row.
-- A live database is checked first: rows that already reference another organisation's rows stop the
-- upgrade with a list of them (which side is wrong needs a person); none are changed. The constraints
-- are added NOT VALID and then validated: no table is rewritten.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(line, E'\n') INTO found FROM (
    SELECT 'sport_ticket_project.type_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_type ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project" c JOIN "sport_ticket_type" p ON p.id = c."type_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_project.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_project.notice_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_notice ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project" c JOIN "sport_ticket_notice" p ON p.id = c."notice_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_project.template_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_template ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project" c JOIN "sport_ticket_template" p ON p.id = c."template_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_seatmap.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_seatmap" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_seatmap_version.seatmap_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_seatmap ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_seatmap_version" c JOIN "sport_seatmap" p ON p.id = c."seatmap_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_session.project_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_project ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_session" c JOIN "sport_ticket_project" p ON p.id = c."project_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_session.seatmap_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_seatmap ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_session" c JOIN "sport_seatmap" p ON p.id = c."seatmap_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_session.template_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_template ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_session" c JOIN "sport_ticket_template" p ON p.id = c."template_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_level.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_level" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_seat.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_seat" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_seat.level_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_level ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_seat" c JOIN "sport_ticket_level" p ON p.id = c."level_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_seat.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_seat" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_seat.item_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order_item ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_seat" c JOIN "sport_order_item" p ON p.id = c."item_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket.level_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_level ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket" c JOIN "sport_ticket_level" p ON p.id = c."level_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket.seat_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_seat ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket" c JOIN "sport_ticket_seat" p ON p.id = c."seat_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket.item_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order_item ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket" c JOIN "sport_order_item" p ON p.id = c."item_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_gate.venue_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_venue ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_gate" c JOIN "sport_venue" p ON p.id = c."venue_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan.gate_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_gate ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan" c JOIN "sport_ticket_gate" p ON p.id = c."gate_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan.ticket_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan" c JOIN "sport_ticket" p ON p.id = c."ticket_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan_conflict.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan_conflict" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan_conflict.first_scan_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_scan ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan_conflict" c JOIN "sport_ticket_scan" p ON p.id = c."first_scan_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan_conflict.second_scan_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_scan ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan_conflict" c JOIN "sport_ticket_scan" p ON p.id = c."second_scan_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_project_performer.project_id: row ' || c.project_id || '/' || c.performer_id || ' (organisation ' || c.org_id || ') names sport_ticket_project ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project_performer" c JOIN "sport_ticket_project" p ON p.id = c."project_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_project_performer.performer_id: row ' || c.project_id || '/' || c.performer_id || ' (organisation ' || c.org_id || ') names sport_ticket_performer ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_project_performer" c JOIN "sport_ticket_performer" p ON p.id = c."performer_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_want_see.project_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_project ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_want_see" c JOIN "sport_ticket_project" p ON p.id = c."project_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_quota.distributor_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_distributor ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_quota" c JOIN "sport_ticket_distributor" p ON p.id = c."distributor_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_quota.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_quota" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_quota.level_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_level ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_quota" c JOIN "sport_ticket_level" p ON p.id = c."level_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_seat.quota_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_dist_quota ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_seat" c JOIN "sport_ticket_dist_quota" p ON p.id = c."quota_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_seat.seat_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_seat ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_seat" c JOIN "sport_ticket_seat" p ON p.id = c."seat_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_order.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_order" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_dist_order.distributor_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_distributor ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_dist_order" c JOIN "sport_ticket_distributor" p ON p.id = c."distributor_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_external_item.distributor_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_distributor ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_external_item" c JOIN "sport_ticket_distributor" p ON p.id = c."distributor_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_package_part.package_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_package ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_package_part" c JOIN "sport_ticket_package" p ON p.id = c."package_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_package_part.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_package_part" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_package_part.level_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_level ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_package_part" c JOIN "sport_ticket_level" p ON p.id = c."level_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_reservation.session_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_reservation" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_reservation.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_reservation" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_session_key.session_id: row ' || c.session_id || ' (organisation ' || c.org_id || ') names sport_ticket_session ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_session_key" c JOIN "sport_ticket_session" p ON p.id = c."session_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_scan_conflict.ticket_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_scan_conflict" c JOIN "sport_ticket" p ON p.id = c."ticket_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_collection.ticket_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_collection" c JOIN "sport_ticket" p ON p.id = c."ticket_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ticket_reprint.ticket_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_ticket ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ticket_reprint" c JOIN "sport_ticket" p ON p.id = c."ticket_id" WHERE p.org_id <> c.org_id
    LIMIT 100
  ) x;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0030_tenant_fk_ticket: rows reference rows of another organisation; correct them, then start again:%', E'\n' || found;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_type_org_id_uq" ON "sport_ticket_type" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_project_org_id_uq" ON "sport_ticket_project" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_seatmap_org_id_uq" ON "sport_seatmap" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_session_org_id_uq" ON "sport_ticket_session" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_level_org_id_uq" ON "sport_ticket_level" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_seat_org_id_uq" ON "sport_ticket_seat" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_org_id_uq" ON "sport_ticket" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_gate_org_id_uq" ON "sport_ticket_gate" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_scan_org_id_uq" ON "sport_ticket_scan" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_performer_org_id_uq" ON "sport_ticket_performer" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_notice_org_id_uq" ON "sport_ticket_notice" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_template_org_id_uq" ON "sport_ticket_template" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_distributor_org_id_uq" ON "sport_ticket_distributor" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_dist_quota_org_id_uq" ON "sport_ticket_dist_quota" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_ticket_package_org_id_uq" ON "sport_ticket_package" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" DROP CONSTRAINT "sport_ticket_project_type_id_sport_ticket_type_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" ADD CONSTRAINT "sport_ticket_project_type_id_org_fk" FOREIGN KEY ("org_id","type_id") REFERENCES "public"."sport_ticket_type"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" DROP CONSTRAINT "sport_ticket_project_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" ADD CONSTRAINT "sport_ticket_project_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" DROP CONSTRAINT "sport_ticket_project_notice_id_sport_ticket_notice_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" ADD CONSTRAINT "sport_ticket_project_notice_id_org_fk" FOREIGN KEY ("org_id","notice_id") REFERENCES "public"."sport_ticket_notice"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" DROP CONSTRAINT "sport_ticket_project_template_id_sport_ticket_template_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" ADD CONSTRAINT "sport_ticket_project_template_id_org_fk" FOREIGN KEY ("org_id","template_id") REFERENCES "public"."sport_ticket_template"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_seatmap" DROP CONSTRAINT "sport_seatmap_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_seatmap" ADD CONSTRAINT "sport_seatmap_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_seatmap_version" DROP CONSTRAINT "sport_seatmap_version_seatmap_id_sport_seatmap_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_seatmap_version" ADD CONSTRAINT "sport_seatmap_version_seatmap_id_org_fk" FOREIGN KEY ("org_id","seatmap_id") REFERENCES "public"."sport_seatmap"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" DROP CONSTRAINT "sport_ticket_session_project_id_sport_ticket_project_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD CONSTRAINT "sport_ticket_session_project_id_org_fk" FOREIGN KEY ("org_id","project_id") REFERENCES "public"."sport_ticket_project"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" DROP CONSTRAINT "sport_ticket_session_seatmap_id_sport_seatmap_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD CONSTRAINT "sport_ticket_session_seatmap_id_org_fk" FOREIGN KEY ("org_id","seatmap_id") REFERENCES "public"."sport_seatmap"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" DROP CONSTRAINT "sport_ticket_session_template_id_sport_ticket_template_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" ADD CONSTRAINT "sport_ticket_session_template_id_org_fk" FOREIGN KEY ("org_id","template_id") REFERENCES "public"."sport_ticket_template"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_level" DROP CONSTRAINT "sport_ticket_level_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_level" ADD CONSTRAINT "sport_ticket_level_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" DROP CONSTRAINT "sport_ticket_seat_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" ADD CONSTRAINT "sport_ticket_seat_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" DROP CONSTRAINT "sport_ticket_seat_level_id_sport_ticket_level_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" ADD CONSTRAINT "sport_ticket_seat_level_id_org_fk" FOREIGN KEY ("org_id","level_id") REFERENCES "public"."sport_ticket_level"("org_id","id") ON DELETE SET NULL ("level_id") ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" DROP CONSTRAINT "sport_ticket_seat_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" ADD CONSTRAINT "sport_ticket_seat_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" DROP CONSTRAINT "sport_ticket_seat_item_id_sport_order_item_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" ADD CONSTRAINT "sport_ticket_seat_item_id_org_fk" FOREIGN KEY ("org_id","item_id") REFERENCES "public"."sport_order_item"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket" DROP CONSTRAINT "sport_ticket_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket" DROP CONSTRAINT "sport_ticket_level_id_sport_ticket_level_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_level_id_org_fk" FOREIGN KEY ("org_id","level_id") REFERENCES "public"."sport_ticket_level"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket" DROP CONSTRAINT "sport_ticket_seat_id_sport_ticket_seat_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_seat_id_org_fk" FOREIGN KEY ("org_id","seat_id") REFERENCES "public"."sport_ticket_seat"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket" DROP CONSTRAINT "sport_ticket_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket" DROP CONSTRAINT "sport_ticket_item_id_sport_order_item_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_item_id_org_fk" FOREIGN KEY ("org_id","item_id") REFERENCES "public"."sport_order_item"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_gate" DROP CONSTRAINT "sport_ticket_gate_venue_id_sport_venue_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_gate" ADD CONSTRAINT "sport_ticket_gate_venue_id_org_fk" FOREIGN KEY ("org_id","venue_id") REFERENCES "public"."sport_venue"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" DROP CONSTRAINT "sport_ticket_scan_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" ADD CONSTRAINT "sport_ticket_scan_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" DROP CONSTRAINT "sport_ticket_scan_gate_id_sport_ticket_gate_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" ADD CONSTRAINT "sport_ticket_scan_gate_id_org_fk" FOREIGN KEY ("org_id","gate_id") REFERENCES "public"."sport_ticket_gate"("org_id","id") ON DELETE SET NULL ("gate_id") ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" DROP CONSTRAINT "sport_ticket_scan_ticket_id_sport_ticket_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" ADD CONSTRAINT "sport_ticket_scan_ticket_id_org_fk" FOREIGN KEY ("org_id","ticket_id") REFERENCES "public"."sport_ticket"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" DROP CONSTRAINT "sport_ticket_scan_conflict_session_id_sport_ticket_session_id_f";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" ADD CONSTRAINT "sport_ticket_scan_conflict_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" DROP CONSTRAINT "sport_ticket_scan_conflict_first_scan_id_sport_ticket_scan_id_f";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" ADD CONSTRAINT "sport_ticket_scan_conflict_first_scan_id_org_fk" FOREIGN KEY ("org_id","first_scan_id") REFERENCES "public"."sport_ticket_scan"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" DROP CONSTRAINT "sport_ticket_scan_conflict_second_scan_id_sport_ticket_scan_id_";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" ADD CONSTRAINT "sport_ticket_scan_conflict_second_scan_id_org_fk" FOREIGN KEY ("org_id","second_scan_id") REFERENCES "public"."sport_ticket_scan"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" DROP CONSTRAINT "sport_ticket_project_performer_project_id_sport_ticket_project_";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" ADD CONSTRAINT "sport_ticket_project_performer_project_id_org_fk" FOREIGN KEY ("org_id","project_id") REFERENCES "public"."sport_ticket_project"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" DROP CONSTRAINT "sport_ticket_project_performer_performer_id_sport_ticket_perfor";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" ADD CONSTRAINT "sport_ticket_project_performer_performer_id_org_fk" FOREIGN KEY ("org_id","performer_id") REFERENCES "public"."sport_ticket_performer"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_want_see" DROP CONSTRAINT "sport_ticket_want_see_project_id_sport_ticket_project_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_want_see" ADD CONSTRAINT "sport_ticket_want_see_project_id_org_fk" FOREIGN KEY ("org_id","project_id") REFERENCES "public"."sport_ticket_project"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" DROP CONSTRAINT "sport_ticket_dist_quota_distributor_id_sport_ticket_distributor";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" ADD CONSTRAINT "sport_ticket_dist_quota_distributor_id_org_fk" FOREIGN KEY ("org_id","distributor_id") REFERENCES "public"."sport_ticket_distributor"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" DROP CONSTRAINT "sport_ticket_dist_quota_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" ADD CONSTRAINT "sport_ticket_dist_quota_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" DROP CONSTRAINT "sport_ticket_dist_quota_level_id_sport_ticket_level_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" ADD CONSTRAINT "sport_ticket_dist_quota_level_id_org_fk" FOREIGN KEY ("org_id","level_id") REFERENCES "public"."sport_ticket_level"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" DROP CONSTRAINT "sport_ticket_dist_seat_quota_id_sport_ticket_dist_quota_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" ADD CONSTRAINT "sport_ticket_dist_seat_quota_id_org_fk" FOREIGN KEY ("org_id","quota_id") REFERENCES "public"."sport_ticket_dist_quota"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" DROP CONSTRAINT "sport_ticket_dist_seat_seat_id_sport_ticket_seat_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" ADD CONSTRAINT "sport_ticket_dist_seat_seat_id_org_fk" FOREIGN KEY ("org_id","seat_id") REFERENCES "public"."sport_ticket_seat"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" DROP CONSTRAINT "sport_ticket_dist_order_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" ADD CONSTRAINT "sport_ticket_dist_order_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" DROP CONSTRAINT "sport_ticket_dist_order_distributor_id_sport_ticket_distributor";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" ADD CONSTRAINT "sport_ticket_dist_order_distributor_id_org_fk" FOREIGN KEY ("org_id","distributor_id") REFERENCES "public"."sport_ticket_distributor"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_external_item" DROP CONSTRAINT "sport_ticket_external_item_distributor_id_sport_ticket_distribu";
--> statement-breakpoint
ALTER TABLE "sport_ticket_external_item" ADD CONSTRAINT "sport_ticket_external_item_distributor_id_org_fk" FOREIGN KEY ("org_id","distributor_id") REFERENCES "public"."sport_ticket_distributor"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" DROP CONSTRAINT "sport_ticket_package_part_package_id_sport_ticket_package_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" ADD CONSTRAINT "sport_ticket_package_part_package_id_org_fk" FOREIGN KEY ("org_id","package_id") REFERENCES "public"."sport_ticket_package"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" DROP CONSTRAINT "sport_ticket_package_part_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" ADD CONSTRAINT "sport_ticket_package_part_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" DROP CONSTRAINT "sport_ticket_package_part_level_id_sport_ticket_level_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" ADD CONSTRAINT "sport_ticket_package_part_level_id_org_fk" FOREIGN KEY ("org_id","level_id") REFERENCES "public"."sport_ticket_level"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" DROP CONSTRAINT "sport_ticket_reservation_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" ADD CONSTRAINT "sport_ticket_reservation_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" DROP CONSTRAINT "sport_ticket_reservation_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" ADD CONSTRAINT "sport_ticket_reservation_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_session_key" DROP CONSTRAINT "sport_ticket_session_key_session_id_sport_ticket_session_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session_key" ADD CONSTRAINT "sport_ticket_session_key_session_id_org_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."sport_ticket_session"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" DROP CONSTRAINT "sport_ticket_scan_conflict_ticket_id_sport_ticket_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" ADD CONSTRAINT "sport_ticket_scan_conflict_ticket_id_org_fk" FOREIGN KEY ("org_id","ticket_id") REFERENCES "public"."sport_ticket"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_collection" DROP CONSTRAINT "sport_ticket_collection_ticket_id_sport_ticket_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_collection" ADD CONSTRAINT "sport_ticket_collection_ticket_id_org_fk" FOREIGN KEY ("org_id","ticket_id") REFERENCES "public"."sport_ticket"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_reprint" DROP CONSTRAINT "sport_ticket_reprint_ticket_id_sport_ticket_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reprint" ADD CONSTRAINT "sport_ticket_reprint_ticket_id_org_fk" FOREIGN KEY ("org_id","ticket_id") REFERENCES "public"."sport_ticket"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" VALIDATE CONSTRAINT "sport_ticket_project_type_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" VALIDATE CONSTRAINT "sport_ticket_project_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" VALIDATE CONSTRAINT "sport_ticket_project_notice_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project" VALIDATE CONSTRAINT "sport_ticket_project_template_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_seatmap" VALIDATE CONSTRAINT "sport_seatmap_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_seatmap_version" VALIDATE CONSTRAINT "sport_seatmap_version_seatmap_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" VALIDATE CONSTRAINT "sport_ticket_session_project_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" VALIDATE CONSTRAINT "sport_ticket_session_seatmap_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session" VALIDATE CONSTRAINT "sport_ticket_session_template_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_level" VALIDATE CONSTRAINT "sport_ticket_level_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" VALIDATE CONSTRAINT "sport_ticket_seat_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" VALIDATE CONSTRAINT "sport_ticket_seat_level_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" VALIDATE CONSTRAINT "sport_ticket_seat_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_seat" VALIDATE CONSTRAINT "sport_ticket_seat_item_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" VALIDATE CONSTRAINT "sport_ticket_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" VALIDATE CONSTRAINT "sport_ticket_level_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" VALIDATE CONSTRAINT "sport_ticket_seat_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" VALIDATE CONSTRAINT "sport_ticket_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket" VALIDATE CONSTRAINT "sport_ticket_item_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_gate" VALIDATE CONSTRAINT "sport_ticket_gate_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" VALIDATE CONSTRAINT "sport_ticket_scan_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" VALIDATE CONSTRAINT "sport_ticket_scan_gate_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan" VALIDATE CONSTRAINT "sport_ticket_scan_ticket_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" VALIDATE CONSTRAINT "sport_ticket_scan_conflict_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" VALIDATE CONSTRAINT "sport_ticket_scan_conflict_first_scan_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" VALIDATE CONSTRAINT "sport_ticket_scan_conflict_second_scan_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" VALIDATE CONSTRAINT "sport_ticket_project_performer_project_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_project_performer" VALIDATE CONSTRAINT "sport_ticket_project_performer_performer_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_want_see" VALIDATE CONSTRAINT "sport_ticket_want_see_project_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" VALIDATE CONSTRAINT "sport_ticket_dist_quota_distributor_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" VALIDATE CONSTRAINT "sport_ticket_dist_quota_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_quota" VALIDATE CONSTRAINT "sport_ticket_dist_quota_level_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" VALIDATE CONSTRAINT "sport_ticket_dist_seat_quota_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_seat" VALIDATE CONSTRAINT "sport_ticket_dist_seat_seat_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" VALIDATE CONSTRAINT "sport_ticket_dist_order_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_dist_order" VALIDATE CONSTRAINT "sport_ticket_dist_order_distributor_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_external_item" VALIDATE CONSTRAINT "sport_ticket_external_item_distributor_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" VALIDATE CONSTRAINT "sport_ticket_package_part_package_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" VALIDATE CONSTRAINT "sport_ticket_package_part_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_package_part" VALIDATE CONSTRAINT "sport_ticket_package_part_level_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" VALIDATE CONSTRAINT "sport_ticket_reservation_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reservation" VALIDATE CONSTRAINT "sport_ticket_reservation_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_session_key" VALIDATE CONSTRAINT "sport_ticket_session_key_session_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_scan_conflict" VALIDATE CONSTRAINT "sport_ticket_scan_conflict_ticket_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_collection" VALIDATE CONSTRAINT "sport_ticket_collection_ticket_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_reprint" VALIDATE CONSTRAINT "sport_ticket_reprint_ticket_id_org_fk";
