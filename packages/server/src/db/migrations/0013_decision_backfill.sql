-- The decisions and the client's acceptances made before 0012 name who made them (issue 34).
-- A won or lost estimate's decision is its status.
UPDATE "estimates" SET "decision" = "status" WHERE "status" IN ('won', 'lost') AND "decision" IS NULL;--> statement-breakpoint
-- An acceptance by the approval link is one transaction: its estimate's decision, its status row
-- and its link's row in the audit log carry the same moment as the link's accepted_at.
UPDATE "estimates" e SET "decided_by" = a."accepted_name" || ', by the approval link'
  FROM "estimate_approvals" a
  WHERE a."estimate_id" = e."id" AND a."accepted_at" = e."decided_at" AND e."decided_by" IS NULL;--> statement-breakpoint
UPDATE "audit_log" l SET "actor" = a."accepted_name" || ', by the approval link'
  FROM "estimate_approvals" a
  WHERE l."user_id" IS NULL AND l."actor" IS NULL AND a."accepted_at" = l."created_at"
    AND ((l."resource" = 'estimates' AND l."record_id" = a."estimate_id") OR (l."resource" = 'estimate_approvals' AND l."record_id" = a."id"));
