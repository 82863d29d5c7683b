CREATE TABLE "sport_stat_folded" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"org_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD COLUMN "deposit_in_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD COLUMN "deposit_back_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD COLUMN "deposit_kept_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD COLUMN "prepaid_in_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_stat_daily" ADD COLUMN "prepaid_out_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_stat_folded" ADD CONSTRAINT "sport_stat_folded_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_stat_folded_org_idx" ON "sport_stat_folded" USING btree ("org_id");