-- Arbiter server schema, version 6: rolls of real dice entered in parts.
--
-- At a real table some rolls are rolled by several seats (the attacker's
-- dice and the defender's die of one E'thia attack; each player's die of a
-- roll-off). Each seat enters its own part; the roll is one decision,
-- stored in `decisions` once every part is in. Until then the parts
-- entered so far are kept here, so that a restart keeps them: `len` is the
-- number of decisions the match had when they were entered (a row for
-- another length is stale and ignored), `parts` the core's parts as JSON,
-- one entry per part, `null` for a part not yet entered.

CREATE TABLE roll_parts (
    match_id TEXT PRIMARY KEY REFERENCES matches (id),
    len BIGINT NOT NULL,
    parts TEXT NOT NULL
);
