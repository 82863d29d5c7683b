ALTER TABLE "sport_refund" DROP CONSTRAINT "sport_refund_amount";--> statement-breakpoint
ALTER TABLE "sport_refund" ADD CONSTRAINT "sport_refund_amount" CHECK ("sport_refund"."amount_fen" >= 0);