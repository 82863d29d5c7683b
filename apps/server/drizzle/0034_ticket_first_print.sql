ALTER TABLE "sport_ticket" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD COLUMN "printed_by" bigint;--> statement-breakpoint
ALTER TABLE "sport_ticket" ADD CONSTRAINT "sport_ticket_printed_by_sys_user_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "sport_ticket" t SET "printed_at" = r."first_at" FROM (SELECT "ticket_id", min("printed_at") AS "first_at" FROM "sport_ticket_reprint" GROUP BY "ticket_id") r WHERE r."ticket_id" = t."id";
