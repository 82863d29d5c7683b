-- Organisations retyped as platform (type 1) through the API before 2.0.1 become companies (type 2):
-- only the root is the platform organisation.
UPDATE "sys_org" SET "type" = 2 WHERE "type" = 1 AND "parent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sys_org" SET "type" = 1 WHERE "parent_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_org_single_root_uq" ON "sys_org" USING btree (("parent_id" is null)) WHERE "sys_org"."parent_id" is null;--> statement-breakpoint
ALTER TABLE "sys_org" ADD CONSTRAINT "sys_org_platform_root_ck" CHECK (("sys_org"."parent_id" is null) = ("sys_org"."type" = 1));