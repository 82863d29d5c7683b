-- A gate may check a venue anywhere in its organisation's reach (the centre's gate for a branch's
-- pool, decided in issue 13): its venue goes back to a plain key, the one reference 0030 held to
-- one organisation that the application does not (docs/decisions.md, "Tenant scope by construction").
ALTER TABLE "sport_ticket_gate" DROP CONSTRAINT "sport_ticket_gate_venue_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ticket_gate" ADD CONSTRAINT "sport_ticket_gate_venue_id_sport_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."sport_venue"("id") ON DELETE no action ON UPDATE no action;