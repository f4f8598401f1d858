-- A `deals` setting stored before the reminders before each deadline (issue 35) has no reminder
-- hours: the deadlines fell back to the defaults, but the back office showed the lists empty and
-- saving the form unchanged stored "no reminders". The defaults go under what is stored (jsonb ||
-- keeps the stored keys), so a value the operator set stays as it is.
UPDATE "settings"
SET "value" = '{"payReminderHours": [24, 12], "shipReminderHours": [24], "releaseReminderHours": [48]}'::jsonb || "value"
WHERE "name" = 'deals' AND jsonb_typeof("value") = 'object'
  AND NOT ("value" ?& ARRAY['payReminderHours', 'shipReminderHours', 'releaseReminderHours']);
