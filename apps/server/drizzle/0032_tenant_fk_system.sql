-- Composite (org_id, id) foreign keys on references within an organisation (docs/decisions.md,
-- "Tenant scope by construction"): the database refuses a row that names another organisation's row.
-- A live database is checked first: rows that already reference another organisation's rows stop the
-- upgrade with a list of them (which side is wrong needs a person); none are changed. The constraints
-- are added NOT VALID and then validated: no table is rewritten.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(line, E'\n') INTO found FROM (
    SELECT 'registry_env_group.env_id: row ' || c.id || ' (organisation ' || c.org_id || ') names registry_env ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_env_group" c JOIN "registry_env" p ON p.id = c."env_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'registry_env_instance.env_id: row ' || c.id || ' (organisation ' || c.org_id || ') names registry_env ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_env_instance" c JOIN "registry_env" p ON p.id = c."env_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'registry_env_instance.group_id: row ' || c.id || ' (organisation ' || c.org_id || ') names registry_env_group ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_env_instance" c JOIN "registry_env_group" p ON p.id = c."group_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'registry_service.app_id: row ' || c.id || ' (organisation ' || c.org_id || ') names registry_app ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_service" c JOIN "registry_app" p ON p.id = c."app_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'registry_env_service.env_id: row ' || c.env_id || '/' || c.service_id || ' (organisation ' || c.org_id || ') names registry_env ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_env_service" c JOIN "registry_env" p ON p.id = c."env_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'registry_env_service.service_id: row ' || c.env_id || '/' || c.service_id || ' (organisation ' || c.org_id || ') names registry_service ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "registry_env_service" c JOIN "registry_service" p ON p.id = c."service_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'msg_template.business_id: row ' || c.id || ' (organisation ' || c.org_id || ') names msg_business ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "msg_template" c JOIN "msg_business" p ON p.id = c."business_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sys_open_grant.app_id: row ' || c.app_id || '/' || c.api_id || ' (organisation ' || c.org_id || ') names sys_open_app ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sys_open_grant" c JOIN "sys_open_app" p ON p.id = c."app_id" WHERE p.org_id <> c.org_id
    LIMIT 100
  ) x;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0032_tenant_fk_system: rows reference rows of another organisation; correct them, then start again:%', E'\n' || found;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_app_org_id_uq" ON "registry_app" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_env_org_id_uq" ON "registry_env" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_env_group_org_id_uq" ON "registry_env_group" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_service_org_id_uq" ON "registry_service" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "msg_business_org_id_uq" ON "msg_business" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_open_app_org_id_uq" ON "sys_open_app" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "registry_env_group" DROP CONSTRAINT "registry_env_group_env_id_registry_env_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_group" ADD CONSTRAINT "registry_env_group_env_id_org_fk" FOREIGN KEY ("org_id","env_id") REFERENCES "public"."registry_env"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_env_instance" DROP CONSTRAINT "registry_env_instance_env_id_registry_env_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_instance" ADD CONSTRAINT "registry_env_instance_env_id_org_fk" FOREIGN KEY ("org_id","env_id") REFERENCES "public"."registry_env"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_env_instance" DROP CONSTRAINT "registry_env_instance_group_id_registry_env_group_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_instance" ADD CONSTRAINT "registry_env_instance_group_id_org_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."registry_env_group"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_service" DROP CONSTRAINT "registry_service_app_id_registry_app_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_service" ADD CONSTRAINT "registry_service_app_id_org_fk" FOREIGN KEY ("org_id","app_id") REFERENCES "public"."registry_app"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_env_service" DROP CONSTRAINT "registry_env_service_env_id_registry_env_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_service" ADD CONSTRAINT "registry_env_service_env_id_org_fk" FOREIGN KEY ("org_id","env_id") REFERENCES "public"."registry_env"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_env_service" DROP CONSTRAINT "registry_env_service_service_id_registry_service_id_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_service" ADD CONSTRAINT "registry_env_service_service_id_org_fk" FOREIGN KEY ("org_id","service_id") REFERENCES "public"."registry_service"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "msg_template" DROP CONSTRAINT "msg_template_business_id_msg_business_id_fk";
--> statement-breakpoint
ALTER TABLE "msg_template" ADD CONSTRAINT "msg_template_business_id_org_fk" FOREIGN KEY ("org_id","business_id") REFERENCES "public"."msg_business"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sys_open_grant" DROP CONSTRAINT "sys_open_grant_app_id_sys_open_app_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_open_grant" ADD CONSTRAINT "sys_open_grant_app_id_org_fk" FOREIGN KEY ("org_id","app_id") REFERENCES "public"."sys_open_app"("org_id","id") ON DELETE CASCADE ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "registry_env_group" VALIDATE CONSTRAINT "registry_env_group_env_id_org_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_instance" VALIDATE CONSTRAINT "registry_env_instance_env_id_org_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_instance" VALIDATE CONSTRAINT "registry_env_instance_group_id_org_fk";
--> statement-breakpoint
ALTER TABLE "registry_service" VALIDATE CONSTRAINT "registry_service_app_id_org_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_service" VALIDATE CONSTRAINT "registry_env_service_env_id_org_fk";
--> statement-breakpoint
ALTER TABLE "registry_env_service" VALIDATE CONSTRAINT "registry_env_service_service_id_org_fk";
--> statement-breakpoint
ALTER TABLE "msg_template" VALIDATE CONSTRAINT "msg_template_business_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sys_open_grant" VALIDATE CONSTRAINT "sys_open_grant_app_id_org_fk";
