DROP INDEX "sport_course_consign_line_item_uq";--> statement-breakpoint
ALTER TABLE "sport_course_consign_line" ADD COLUMN "refund_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_course_consign_line_item_uq" ON "sport_course_consign_line" USING btree ("org_id","item_id","kind","refund_no");