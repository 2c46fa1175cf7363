-- Arbiter server schema, version 5: companion mode.
--
-- A match played with real figures on a real table (docs/api.md, "Companion
-- mode") says so: `companion` is TRUE. The players move the figures and
-- tell the server where they stand; the server measures and judges. NULL
-- (every match stored before this version) and FALSE mean an ordinary match.

ALTER TABLE matches ADD COLUMN companion BOOLEAN;
