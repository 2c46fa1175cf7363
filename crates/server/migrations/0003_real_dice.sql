-- Arbiter server schema, version 3: real dice.
--
-- A match whose players roll real dice at the table and enter what they show
-- (docs/api.md, "Real dice") says so: `dice` is 'manual'. NULL (every match
-- stored before this version) and 'seeded' mean the server rolls the dice
-- from the match's seed.

ALTER TABLE matches ADD COLUMN dice TEXT;
