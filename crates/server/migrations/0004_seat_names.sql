-- Arbiter server schema, version 4: names given on joining.
--
-- A player who takes an open seat (POST /api/matches/{id}/join) may give
-- the name the table shows for that seat. It is kept beside the seat's
-- token; NULL keeps the name the match's creator gave the seat (in
-- matches.seats). One row per seat, so two players joining two seats of one
-- match through two servers cannot overwrite each other's names.

ALTER TABLE seat_tokens ADD COLUMN name TEXT;
