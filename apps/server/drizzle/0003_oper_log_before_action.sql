ALTER TABLE "sys_oper_log" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_oper_log" ALTER COLUMN "duration_ms" DROP NOT NULL;