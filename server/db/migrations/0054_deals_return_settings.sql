-- A return in a dispute (issue 35, item 6): a `deals` setting stored before it gets the defaults
-- (7 days for the buyer to send the item back, 14 for the seller to confirm its receipt) under
-- what is stored (jsonb || keeps the stored keys), as 0052 did for the pickup deadline.
UPDATE "settings"
SET "value" = '{"returnShipDays": 7, "returnConfirmDays": 14}'::jsonb || "value"
WHERE "name" = 'deals' AND jsonb_typeof("value") = 'object'
  AND NOT ("value" ?& ARRAY['returnShipDays', 'returnConfirmDays']);
