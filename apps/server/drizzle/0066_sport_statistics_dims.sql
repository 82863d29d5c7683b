CREATE TABLE "sport_stat_dim_daily" (
	"org_id" bigint NOT NULL,
	"venue_id" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"dim" varchar(8) NOT NULL,
	"dim_key" varchar(32) NOT NULL,
	"revenue_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_stat_dim_daily_money" CHECK ("sport_stat_dim_daily"."revenue_fen" >= 0 and "sport_stat_dim_daily"."refund_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sport_stat_dim_daily" ADD CONSTRAINT "sport_stat_dim_daily_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_stat_dim_daily_key_uq" ON "sport_stat_dim_daily" USING btree ("org_id","venue_id","day","dim","dim_key");--> statement-breakpoint
CREATE INDEX "sport_stat_dim_daily_day_idx" ON "sport_stat_dim_daily" USING btree ("day","dim");