CREATE TABLE "sys_user_pref" (
	"user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_pref_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sys_user_pref" ADD CONSTRAINT "sys_user_pref_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;