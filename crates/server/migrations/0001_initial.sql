-- Arbiter server schema, version 1.
--
-- Portable SQL: the same file creates the schema on SQLite and on PostgreSQL
-- (TEXT, BIGINT, INTEGER and BOOLEAN only; no AUTOINCREMENT, no JSON
-- operators). JSON documents are stored as TEXT. Times are milliseconds since
-- the Unix epoch. The seed is the u64 reinterpreted as a signed BIGINT.

CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    outcome TEXT
);

CREATE INDEX matches_by_finished ON matches (finished, created_at);

-- One row per human seat that has been handed out: the SHA-256 of its token.
-- A human seat without a row is open (anyone may join it).
CREATE TABLE seat_tokens (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (match_id, seat)
);

-- Every decision of every match, in order: the core's Decision JSON
-- ({"act": action} or {"roll": [values]}).
CREATE TABLE decisions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    ply INTEGER NOT NULL,
    decision TEXT NOT NULL,
    PRIMARY KEY (match_id, ply)
);
