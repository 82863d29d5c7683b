-- The role's link tables carry the role's organisation (org_id), so scoped reads and writes filter
-- the links themselves; a composite foreign key to sys_role (id, org_id) keeps the two equal.
ALTER TABLE "sys_role_menu" ADD COLUMN "org_id" bigint;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD COLUMN "org_id" bigint;--> statement-breakpoint
UPDATE "sys_role_menu" rm SET "org_id" = r."org_id" FROM "sys_role" r WHERE r."id" = rm."role_id";--> statement-breakpoint
UPDATE "sys_user_role" ur SET "org_id" = r."org_id" FROM "sys_role" r WHERE r."id" = ur."role_id";--> statement-breakpoint
ALTER TABLE "sys_role_menu" ALTER COLUMN "org_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_role" ALTER COLUMN "org_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_id_org_uq" ON "sys_role" USING btree ("id","org_id");--> statement-breakpoint
ALTER TABLE "sys_role_menu" DROP CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk";--> statement-breakpoint
ALTER TABLE "sys_user_role" DROP CONSTRAINT "sys_user_role_role_id_sys_role_id_fk";--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_org_fk" FOREIGN KEY ("role_id","org_id") REFERENCES "public"."sys_role"("id","org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_org_fk" FOREIGN KEY ("role_id","org_id") REFERENCES "public"."sys_role"("id","org_id") ON DELETE no action ON UPDATE no action;
