-- A pickup's deadline to collect (issue 35): a `deals` setting stored before it gets the defaults
-- (14 days, a reminder 48 hours before) under what is stored (jsonb || keeps the stored keys), as
-- 0049 did for the reminders. A deal already waiting for its pickup gets its deadline from now, so
-- that it no longer waits forever; the five-minute sweep acts on it when it passes.
UPDATE "settings"
SET "value" = '{"pickupDays": 14, "pickupReminderHours": [48]}'::jsonb || "value"
WHERE "name" = 'deals' AND jsonb_typeof("value") = 'object'
  AND NOT ("value" ?& ARRAY['pickupDays', 'pickupReminderHours']);
--> statement-breakpoint
UPDATE "deals"
SET "pickup_by" = now() + make_interval(days => coalesce((
  SELECT CASE WHEN jsonb_typeof("value" -> 'pickupDays') = 'number' THEN ("value" ->> 'pickupDays')::numeric::int END
  FROM "settings" WHERE "name" = 'deals' AND "locale" IS NULL LIMIT 1
), 14))
WHERE "status" = 'ready_for_pickup' AND "pickup_by" IS NULL;
