CREATE TABLE "blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "thumb_sha256" text;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "images_sha256_idx" ON "images" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "images_thumb_sha256_idx" ON "images" USING btree ("thumb_sha256");