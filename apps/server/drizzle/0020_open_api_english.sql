ALTER TABLE "sys_open_api" ADD COLUMN "name_en" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_open_api" ADD COLUMN "description_en" varchar(500);