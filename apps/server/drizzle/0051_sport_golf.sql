ALTER TABLE "sport_equipment_device" ADD COLUMN "site_id" bigint;--> statement-breakpoint
ALTER TABLE "sport_equipment_device" ADD COLUMN "reported_state" varchar(8);--> statement-breakpoint
ALTER TABLE "sport_equipment_device" ADD COLUMN "reported_code" varchar(32);--> statement-breakpoint
ALTER TABLE "sport_equipment_device" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sport_equipment_device" ADD CONSTRAINT "sport_equipment_device_site_org_fk" FOREIGN KEY ("org_id","site_id") REFERENCES "public"."sport_site"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_equipment_device_site_uq" ON "sport_equipment_device" USING btree ("site_id");--> statement-breakpoint
-- Live hints (docs/decisions.md, "Golf bays"): a change of a venue's slot claims (a booking held, paid,
-- checked in, cancelled, moved, a no-show, a lock or closure) tells open consoles of its organisation,
-- when the transaction commits, to refetch what they show of the venue. One notification per
-- transaction and venue (PostgreSQL folds identical payloads of one transaction).
CREATE FUNCTION "sport_slot_claim_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('console_live', json_build_object('o', r.org_id, 'v', r.venue_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sport_slot_claim_live_trg" AFTER INSERT OR DELETE OR UPDATE OF "state", "during" ON "sport_slot_claim"
  FOR EACH ROW EXECUTE FUNCTION "sport_slot_claim_live"();
