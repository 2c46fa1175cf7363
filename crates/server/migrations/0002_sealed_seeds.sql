-- Arbiter server schema, version 2: sealed seeds.
--
-- A match created by this version keeps, beside its seed, the salt of the
-- commitment published at its creation (SHA-256 of "{seed}:{salt}", see
-- docs/api.md, "How dice are made fair"), as 64 hex digits, and whether its
-- creator chose the seed (allowed for at most one human seat) rather than
-- the server drawing it. Matches stored before this version have neither
-- (both NULL): they carry no commitment, and their seed is still hidden
-- until they end.

ALTER TABLE matches ADD COLUMN seed_salt TEXT;
ALTER TABLE matches ADD COLUMN seed_chosen BOOLEAN;
