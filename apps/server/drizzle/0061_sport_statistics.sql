CREATE TABLE "sport_stat_daily" (
	"org_id" bigint NOT NULL,
	"venue_id" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"revenue_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_stat_daily_money" CHECK ("sport_stat_daily"."revenue_fen" >= 0 and "sport_stat_daily"."refund_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD CONSTRAINT "sport_stat_daily_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_stat_daily_key_uq" ON "sport_stat_daily" USING btree ("org_id","venue_id","day","kind");--> statement-breakpoint
CREATE INDEX "sport_stat_daily_day_idx" ON "sport_stat_daily" USING btree ("day");