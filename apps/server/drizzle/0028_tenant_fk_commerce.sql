-- Composite (org_id, id) foreign keys on references within an organisation (docs/decisions.md,
-- "Tenant scope by construction"): the database refuses a row that names another organisation's row.
-- A live database is checked first: rows that already reference another organisation's rows stop the
-- upgrade with a list of them (which side is wrong needs a person); none are changed. The constraints
-- are added NOT VALID and then validated: no table is rewritten.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(line, E'\n') INTO found FROM (
    SELECT 'sport_order_item.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_order_item" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_payment.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_payment" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_payment.account_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_balance_account ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_payment" c JOIN "sport_balance_account" p ON p.id = c."account_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_refund.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_refund" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_refund.account_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_balance_account ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_refund" c JOIN "sport_balance_account" p ON p.id = c."account_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_refund_leg.refund_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_refund ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_refund_leg" c JOIN "sport_refund" p ON p.id = c."refund_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_refund_leg.payment_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_payment ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_refund_leg" c JOIN "sport_payment" p ON p.id = c."payment_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_refund_leg.account_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_balance_account ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_refund_leg" c JOIN "sport_balance_account" p ON p.id = c."account_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ledger_entry.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ledger_entry" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ledger_entry.payment_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_payment ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ledger_entry" c JOIN "sport_payment" p ON p.id = c."payment_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ledger_entry.refund_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_refund ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ledger_entry" c JOIN "sport_refund" p ON p.id = c."refund_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_ledger_entry.account_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_balance_account ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_ledger_entry" c JOIN "sport_balance_account" p ON p.id = c."account_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_order_item_adjustment.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_order_item_adjustment" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_order_item_adjustment.item_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order_item ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_order_item_adjustment" c JOIN "sport_order_item" p ON p.id = c."item_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_card.account_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_balance_account ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_card" c JOIN "sport_balance_account" p ON p.id = c."account_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_member_card.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_member_card" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_usage.order_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_order ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_usage" c JOIN "sport_order" p ON p.id = c."order_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_usage.payment_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_payment ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_usage" c JOIN "sport_payment" p ON p.id = c."payment_id" WHERE p.org_id <> c.org_id
    UNION ALL
    SELECT 'sport_card_usage.refund_id: row ' || c.id || ' (organisation ' || c.org_id || ') names sport_refund ' || p.id || ' (organisation ' || p.org_id || ')' AS line
      FROM "sport_card_usage" c JOIN "sport_refund" p ON p.id = c."refund_id" WHERE p.org_id <> c.org_id
    LIMIT 100
  ) x;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0028_tenant_fk_commerce: rows reference rows of another organisation; correct them, then start again:%', E'\n' || found;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_balance_account_org_id_uq" ON "sport_balance_account" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_order_org_id_uq" ON "sport_order" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_order_item_org_id_uq" ON "sport_order_item" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_payment_org_id_uq" ON "sport_payment" USING btree ("org_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sport_refund_org_id_uq" ON "sport_refund" USING btree ("org_id","id");
--> statement-breakpoint
ALTER TABLE "sport_order_item" DROP CONSTRAINT "sport_order_item_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_order_item" ADD CONSTRAINT "sport_order_item_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_payment" DROP CONSTRAINT "sport_payment_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_payment" ADD CONSTRAINT "sport_payment_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_payment" DROP CONSTRAINT "sport_payment_account_id_sport_balance_account_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_payment" ADD CONSTRAINT "sport_payment_account_id_org_fk" FOREIGN KEY ("org_id","account_id") REFERENCES "public"."sport_balance_account"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_refund" DROP CONSTRAINT "sport_refund_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund" ADD CONSTRAINT "sport_refund_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_refund" DROP CONSTRAINT "sport_refund_account_id_sport_balance_account_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund" ADD CONSTRAINT "sport_refund_account_id_org_fk" FOREIGN KEY ("org_id","account_id") REFERENCES "public"."sport_balance_account"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" DROP CONSTRAINT "sport_refund_leg_refund_id_sport_refund_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" ADD CONSTRAINT "sport_refund_leg_refund_id_org_fk" FOREIGN KEY ("org_id","refund_id") REFERENCES "public"."sport_refund"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" DROP CONSTRAINT "sport_refund_leg_payment_id_sport_payment_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" ADD CONSTRAINT "sport_refund_leg_payment_id_org_fk" FOREIGN KEY ("org_id","payment_id") REFERENCES "public"."sport_payment"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" DROP CONSTRAINT "sport_refund_leg_account_id_sport_balance_account_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" ADD CONSTRAINT "sport_refund_leg_account_id_org_fk" FOREIGN KEY ("org_id","account_id") REFERENCES "public"."sport_balance_account"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" DROP CONSTRAINT "sport_ledger_entry_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" ADD CONSTRAINT "sport_ledger_entry_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" DROP CONSTRAINT "sport_ledger_entry_payment_id_sport_payment_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" ADD CONSTRAINT "sport_ledger_entry_payment_id_org_fk" FOREIGN KEY ("org_id","payment_id") REFERENCES "public"."sport_payment"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" DROP CONSTRAINT "sport_ledger_entry_refund_id_sport_refund_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" ADD CONSTRAINT "sport_ledger_entry_refund_id_org_fk" FOREIGN KEY ("org_id","refund_id") REFERENCES "public"."sport_refund"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" DROP CONSTRAINT "sport_ledger_entry_account_id_sport_balance_account_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" ADD CONSTRAINT "sport_ledger_entry_account_id_org_fk" FOREIGN KEY ("org_id","account_id") REFERENCES "public"."sport_balance_account"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" DROP CONSTRAINT "sport_order_item_adjustment_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" ADD CONSTRAINT "sport_order_item_adjustment_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" DROP CONSTRAINT "sport_order_item_adjustment_item_id_sport_order_item_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" ADD CONSTRAINT "sport_order_item_adjustment_item_id_org_fk" FOREIGN KEY ("org_id","item_id") REFERENCES "public"."sport_order_item"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_card" DROP CONSTRAINT "sport_member_card_account_id_sport_balance_account_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" ADD CONSTRAINT "sport_member_card_account_id_org_fk" FOREIGN KEY ("org_id","account_id") REFERENCES "public"."sport_balance_account"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_member_card" DROP CONSTRAINT "sport_member_card_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" ADD CONSTRAINT "sport_member_card_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_usage" DROP CONSTRAINT "sport_card_usage_order_id_sport_order_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" ADD CONSTRAINT "sport_card_usage_order_id_org_fk" FOREIGN KEY ("org_id","order_id") REFERENCES "public"."sport_order"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_usage" DROP CONSTRAINT "sport_card_usage_payment_id_sport_payment_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" ADD CONSTRAINT "sport_card_usage_payment_id_org_fk" FOREIGN KEY ("org_id","payment_id") REFERENCES "public"."sport_payment"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_card_usage" DROP CONSTRAINT "sport_card_usage_refund_id_sport_refund_id_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" ADD CONSTRAINT "sport_card_usage_refund_id_org_fk" FOREIGN KEY ("org_id","refund_id") REFERENCES "public"."sport_refund"("org_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "sport_order_item" VALIDATE CONSTRAINT "sport_order_item_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_payment" VALIDATE CONSTRAINT "sport_payment_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_payment" VALIDATE CONSTRAINT "sport_payment_account_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund" VALIDATE CONSTRAINT "sport_refund_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund" VALIDATE CONSTRAINT "sport_refund_account_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" VALIDATE CONSTRAINT "sport_refund_leg_refund_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" VALIDATE CONSTRAINT "sport_refund_leg_payment_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_refund_leg" VALIDATE CONSTRAINT "sport_refund_leg_account_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" VALIDATE CONSTRAINT "sport_ledger_entry_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" VALIDATE CONSTRAINT "sport_ledger_entry_payment_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" VALIDATE CONSTRAINT "sport_ledger_entry_refund_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_ledger_entry" VALIDATE CONSTRAINT "sport_ledger_entry_account_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" VALIDATE CONSTRAINT "sport_order_item_adjustment_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_order_item_adjustment" VALIDATE CONSTRAINT "sport_order_item_adjustment_item_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" VALIDATE CONSTRAINT "sport_member_card_account_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_member_card" VALIDATE CONSTRAINT "sport_member_card_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" VALIDATE CONSTRAINT "sport_card_usage_order_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" VALIDATE CONSTRAINT "sport_card_usage_payment_id_org_fk";
--> statement-breakpoint
ALTER TABLE "sport_card_usage" VALIDATE CONSTRAINT "sport_card_usage_refund_id_org_fk";
