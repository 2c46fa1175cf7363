//! The PostgreSQL backend of [`Store`], for several servers sharing one
//! database: `--database postgres://user[:password]@host[:port]/db`.
//!
//! It creates the same schema as SQLite, from the same migration files in
//! `crates/server/migrations/` (the SQL is portable; see [`crate::store`]).
//! The client is the synchronous `postgres` crate, which fits the server's
//! one storage thread ([`crate::db::Db`]): every call blocks that thread,
//! never the async runtime. Every write is all or nothing: its own
//! transaction, or a savepoint in a group commit ([`Store::begin_group`]) —
//! except appends, the write of every action, which are one statement each
//! (one round trip: the check that they continue the match is part of the
//! insert) and spoil the whole group if they fail inside the database.
//! Commits follow PostgreSQL's own durability settings
//! (`synchronous_commit`); [`crate::sqlite::Durability`] does not apply.
//!
//! **Several servers.** Migrations take an advisory lock, so servers
//! starting together migrate once. Any server may serve any match; no
//! server can corrupt a match another one is writing: decisions are keyed
//! by `(match_id, ply)`, an append checks that it continues the stored
//! match where it ends, and if another server got there first (the check,
//! or in a race the primary key, fails) the append fails as a whole with
//! [`StoreError::OutOfStep`], and the server catches up and judges the
//! action again. Every write also tells the other servers, on commit, with
//! `pg_notify` on the database's channel ([`CHANNEL`]); [`PostgresFeed`]
//! listens to it, so that they bring the matches they hold up to date at
//! once.
//!
//! The URL is a libpq-style URL or key-value string, as the `postgres`
//! crate reads it; `?options=-csearch_path%3Dname` keeps the tables in a
//! schema of their own (the tests give each test one). Without TLS.
//!
//! The client runs a small Tokio runtime of its own, so a [`PostgresStore`]
//! must not be dropped inside an async context: hand it to
//! [`crate::db::Db`] (whose thread drops it). [`PostgresStore::connect`]
//! may be called anywhere.

use crate::store::{
    Change, ChangeFeed, MIGRATIONS, MatchRow, RollParts, SCHEMA_VERSION_TABLE, SeedSeal, Since, Store, StoreError,
    StoredMatch, dice_column, dice_of_column,
};
use fallible_iterator::FallibleIterator;
use postgres::error::SqlState;
use postgres::types::ToSql;
use postgres::{Client, Config, NoTls, Row, Statement};
use std::collections::HashMap;
use std::str::FromStr;
use std::time::Duration;

/// A PostgreSQL database holding the server's matches.
pub struct PostgresStore {
    config: Config,
    conn: Conn,
    /// In a group commit ([`Store::begin_group`]): every call is a savepoint
    /// inside the group's transaction.
    grouped: bool,
    /// A savepoint's own statement failed in this group: the group's
    /// transaction may be aborted, and PostgreSQL answers COMMIT on an aborted
    /// transaction by rolling back without an error, so it must not be
    /// taken for committed.
    group_broken: bool,
}

/// A match's `(seat, token hash)` pairs and decisions, as read.
type TokensAndDecisions = (Vec<(u8, String)>, Vec<String>);

/// A connection and its prepared statements.
struct Conn {
    client: Client,
    statements: HashMap<&'static str, Statement>,
}

/// The error with what the server said (the client's own message is only
/// "db error" for those).
fn db(e: postgres::Error) -> StoreError {
    let message = match (e.as_db_error(), std::error::Error::source(&e)) {
        (Some(d), _) => match d.detail() {
            Some(detail) => format!("PostgreSQL {} {}: {} ({detail})", d.severity(), d.code().code(), d.message()),
            None => format!("PostgreSQL {} {}: {}", d.severity(), d.code().code(), d.message()),
        },
        (None, Some(source)) => format!("PostgreSQL: {e}: {source}"),
        (None, None) => format!("PostgreSQL: {e}"),
    };
    StoreError::Database(message)
}

const SELECT_UNFINISHED: &str = "SELECT id, game, variant, seats, seed, created_at, finished, outcome, \
     seed_salt, seed_chosen, dice, companion FROM matches WHERE finished = FALSE ORDER BY created_at, id";
const SELECT_UNFINISHED_TOKENS: &str = "SELECT t.match_id, t.seat, t.token_hash, t.name FROM seat_tokens t \
     JOIN matches m ON m.id = t.match_id WHERE m.finished = FALSE ORDER BY t.match_id, t.seat";
const SELECT_UNFINISHED_DECISIONS: &str = "SELECT d.match_id, d.decision FROM decisions d \
     JOIN matches m ON m.id = d.match_id WHERE m.finished = FALSE ORDER BY d.match_id, d.ply";
const SELECT_MATCH: &str = "SELECT id, game, variant, seats, seed, created_at, finished, outcome, seed_salt, seed_chosen, dice, companion \
     FROM matches \
     WHERE id = $1";
const SELECT_TOKENS: &str =
    "SELECT match_id, seat, token_hash, name FROM seat_tokens WHERE match_id = $1 ORDER BY seat";
/// The names given on joining the seats of several matches.
const SELECT_NAMES: &str = "SELECT match_id, seat, name FROM seat_tokens WHERE match_id = ANY($1) \
     AND name IS NOT NULL ORDER BY match_id, seat";
const SELECT_DECISIONS: &str = "SELECT match_id, decision FROM decisions WHERE match_id = $1 ORDER BY ply";
const SELECT_LAST_PLY: &str = "SELECT MAX(ply) FROM decisions WHERE match_id = $1";
const INSERT_MATCH: &str = "INSERT INTO matches (id, game, variant, seats, seed, created_at, finished, outcome, \
     seed_salt, seed_chosen, dice, companion) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";
/// Takes back the last decision (`$2` is its ply) and unfinishes the match.
const UNDO_LAST: &str = "DELETE FROM decisions WHERE match_id = $1 AND ply = $2";
/// The parts of a pending roll kept for a match.
const SELECT_ROLL_PARTS: &str = "SELECT match_id, len, parts FROM roll_parts WHERE match_id = $1";
/// The parts of pending rolls kept for every unfinished match.
const SELECT_UNFINISHED_ROLL_PARTS: &str = "SELECT r.match_id, r.len, r.parts FROM roll_parts r \
     JOIN matches m ON m.id = r.match_id WHERE m.finished = FALSE";
const DELETE_ROLL_PARTS: &str = "DELETE FROM roll_parts WHERE match_id = $1";
const INSERT_ROLL_PARTS: &str = "INSERT INTO roll_parts (match_id, len, parts) VALUES ($1, $2, $3)";
const UNFINISH: &str = "UPDATE matches SET finished = FALSE, outcome = NULL WHERE id = $1";
const INSERT_TOKEN: &str = "INSERT INTO seat_tokens (match_id, seat, token_hash) VALUES ($1, $2, $3)";
const CLAIM_SEAT: &str =
    "INSERT INTO seat_tokens (match_id, seat, token_hash, name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";
const INSERT_DECISION: &str = "INSERT INTO decisions (match_id, ply, decision) VALUES ($1, $2, $3)";
const FINISH: &str = "UPDATE matches SET finished = TRUE, outcome = $1 WHERE id = $2";
/// The channel the servers sharing this database (and schema) notify each
/// other on: `arbiter_` and the MD5 of the schema (a channel name has at most
/// 63 bytes, a schema name may have as many).
const CHANNEL: &str = "('arbiter_' || md5(COALESCE(current_schema(), '')))";
/// Appends decisions `$3` from ply `$2` if and only if the match has exactly
/// `$2` stored: one statement, all or nothing (no rows when out of step).
/// Two writers racing past the check collide on the `(match_id, ply)` key.
/// It tells the other servers (`decisions ID LEN`, sent on commit) and
/// answers the number stored.
const APPEND: &str = "WITH ins AS (INSERT INTO decisions (match_id, ply, decision) \
     SELECT $1, $2::integer + t.i::integer - 1, t.d FROM unnest($3::text[]) WITH ORDINALITY AS t(d, i) \
     WHERE (SELECT COALESCE(MAX(ply) + 1, 0) FROM decisions WHERE match_id = $1) = $2::integer RETURNING ply) \
     SELECT COUNT(*), pg_notify(('arbiter_' || md5(COALESCE(current_schema(), ''))), \
     'decisions ' || $1::text || ' ' || (MAX(ply) + 1)) FROM ins HAVING COUNT(*) > 0";
/// Tells the other servers of a change (`$1`, [`Change::parse`]'s text);
/// sent when the transaction commits.
const NOTIFY: &str = "SELECT pg_notify(('arbiter_' || md5(COALESCE(current_schema(), ''))), $1::text)";
/// The decisions of a match from ply `$2` on.
const SELECT_DECISIONS_FROM: &str =
    "SELECT match_id, decision FROM decisions WHERE match_id = $1 AND ply >= $2 ORDER BY ply";
const SELECT_FOR_TOKENS: &str = "SELECT m.id, m.game, m.variant, m.seats, m.seed, m.created_at, m.finished, \
     m.outcome, m.seed_salt, m.seed_chosen, m.dice, m.companion, t.seat FROM seat_tokens t JOIN matches m ON m.id = t.match_id WHERE t.token_hash = ANY($1)";

/// Serialises migrations between servers sharing the database (per schema).
const MIGRATION_LOCK: &str = "hashtext('arbiter-migrate:' || COALESCE(current_schema(), ''))";

fn match_row(row: &Row) -> Result<MatchRow, StoreError> {
    let get = |e: postgres::Error| StoreError::Database(format!("a stored match does not read: {e}"));
    Ok(MatchRow {
        id: row.try_get(0).map_err(get)?,
        game: row.try_get(1).map_err(get)?,
        variant: row.try_get(2).map_err(get)?,
        seats: row.try_get(3).map_err(get)?,
        seed: row.try_get::<_, i64>(4).map_err(get)? as u64,
        created_at: row.try_get(5).map_err(get)?,
        finished: row.try_get(6).map_err(get)?,
        outcome: row.try_get(7).map_err(get)?,
        seal: SeedSeal::from_columns(row.try_get(8).map_err(get)?, row.try_get(9).map_err(get)?),
        dice: dice_of_column(row.try_get::<_, Option<String>>(10).map_err(get)?.as_deref()),
        companion: row.try_get::<_, Option<bool>>(11).map_err(get)?.unwrap_or(false),
        names: Vec::new(),
    })
}

/// `(seat, name)` of a row of `(match_id, seat, token_hash, name)` whose
/// player gave a name on joining.
fn seat_name(row: &Row) -> Result<Option<(u8, String)>, StoreError> {
    let name: Option<String> = row.try_get(3).map_err(db)?;
    name.map(|n| Ok((seat_of(row, 1)?, n))).transpose()
}

fn seat_of(row: &Row, i: usize) -> Result<u8, StoreError> {
    let seat: i32 = row.try_get(i).map_err(db)?;
    u8::try_from(seat).map_err(|_| StoreError::Database(format!("a stored seat is out of range: {seat}")))
}

fn ply(n: usize) -> Result<i32, StoreError> {
    i32::try_from(n).map_err(|_| StoreError::Database(format!("ply {n} is past the largest the schema stores")))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Conn {
    fn open(config: &Config) -> Result<Conn, StoreError> {
        let client = config.connect(NoTls).map_err(|e| match db(e) {
            StoreError::Database(m) => StoreError::Database(format!("connecting: {m}")),
            other => other,
        })?;
        Ok(Conn { client, statements: HashMap::new() })
    }

    /// The statement for `sql`, prepared once per connection.
    fn prepared(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).map_err(db)?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }

    fn query(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, StoreError> {
        let s = self.prepared(sql)?;
        self.client.query(&s, params).map_err(db)
    }

    fn execute(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        let s = self.prepared(sql)?;
        self.client.execute(&s, params).map_err(db)
    }

    /// Decisions stored for a match: one more than its last ply. Plies are
    /// contiguous from 0: appends are checked against this.
    fn stored_len(&mut self, id: &str) -> Result<usize, StoreError> {
        let rows = self.query(SELECT_LAST_PLY, &[&id])?;
        let last: Option<i32> = rows.first().map(|r| r.try_get(0)).transpose().map_err(db)?.flatten();
        Ok(last.map_or(0, |n| usize::try_from(n).map_or(0, |n| n + 1)))
    }

    /// Every match in `rows` with its tokens, names and decisions, given as
    /// rows of `(match_id, seat, token_hash, name)` and `(match_id, decision)`.
    fn assemble(rows: Vec<Row>, tokens: Vec<Row>, decisions: Vec<Row>) -> Result<Vec<StoredMatch>, StoreError> {
        let mut by_id: HashMap<String, TokensAndDecisions> = HashMap::new();
        let mut names: HashMap<String, Vec<(u8, String)>> = HashMap::new();
        for t in &tokens {
            let id: String = t.try_get(0).map_err(db)?;
            if let Some(name) = seat_name(t)? {
                names.entry(id.clone()).or_default().push(name);
            }
            by_id.entry(id).or_default().0.push((seat_of(t, 1)?, t.try_get(2).map_err(db)?));
        }
        for d in &decisions {
            let id: String = d.try_get(0).map_err(db)?;
            by_id.entry(id).or_default().1.push(d.try_get(1).map_err(db)?);
        }
        rows.iter()
            .map(|r| {
                let mut row = match_row(r)?;
                row.names = names.remove(&row.id).unwrap_or_default();
                let (tokens, decisions) = by_id.remove(&row.id).unwrap_or_default();
                Ok(StoredMatch { row, tokens, decisions, roll_parts: None })
            })
            .collect()
    }
}

impl PostgresStore {
    /// Connects to the database a URL names (`postgres://user@host/db`, or
    /// a key-value string). The schema is brought up to date by
    /// [`Store::migrate`], which the server calls first.
    pub fn connect(url: &str) -> Result<PostgresStore, StoreError> {
        let mut config = Config::from_str(url.trim())
            .map_err(|e| StoreError::Unsupported(format!("not a PostgreSQL URL ({e}): {}", redact(url))))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        if config.get_application_name().is_none() {
            config.application_name("arbiter");
        }
        // The client blocks on a runtime of its own, which Tokio forbids
        // inside another: connect on a thread of its own when called from
        // async code (the server opens its store there).
        let conn = if tokio::runtime::Handle::try_current().is_ok() {
            let c = config.clone();
            std::thread::scope(|s| {
                s.spawn(move || Conn::open(&c))
                    .join()
                    .unwrap_or_else(|_| Err(StoreError::Database("connecting to PostgreSQL failed".into())))
            })?
        } else {
            Conn::open(&config)?
        };
        Ok(PostgresStore { config, conn, grouped: false, group_broken: false })
    }

    /// Reconnects if the connection was lost (the database restarted). A
    /// group in progress is lost with its connection.
    fn live(&mut self) -> Result<&mut Conn, StoreError> {
        if self.conn.client.is_closed() {
            if self.grouped {
                return Err(StoreError::Database("the connection to PostgreSQL was lost".into()));
            }
            self.conn = Conn::open(&self.config)?;
        }
        Ok(&mut self.conn)
    }

    /// Runs `f` all or nothing: in a transaction opened with `begin` (or, in
    /// a group commit, in a savepoint of the group's transaction).
    fn atomic<R>(&mut self, begin: &str, f: impl FnOnce(&mut Conn) -> Result<R, StoreError>) -> Result<R, StoreError> {
        let grouped = self.grouped;
        let conn = self.live()?;
        let (begin, commit, rollback) = if grouped {
            (
                "SAVEPOINT arbiter_job",
                "RELEASE SAVEPOINT arbiter_job",
                "ROLLBACK TO SAVEPOINT arbiter_job; RELEASE SAVEPOINT arbiter_job",
            )
        } else {
            (begin, "COMMIT", "ROLLBACK")
        };
        let (result, broken) = match conn.client.batch_execute(begin) {
            Err(e) => (Err(db(e)), true),
            Ok(()) => match f(conn) {
                Ok(r) => match conn.client.batch_execute(commit) {
                    Ok(()) => (Ok(r), false),
                    Err(e) => (Err(db(e)), true),
                },
                Err(e) => (Err(e), conn.client.batch_execute(rollback).is_err()),
            },
        };
        if grouped && broken {
            self.group_broken = true;
        }
        result
    }

    fn write<R>(&mut self, f: impl FnOnce(&mut Conn) -> Result<R, StoreError>) -> Result<R, StoreError> {
        self.atomic("BEGIN", f)
    }

    /// Several queries that must see one snapshot.
    fn read<R>(&mut self, f: impl FnOnce(&mut Conn) -> Result<R, StoreError>) -> Result<R, StoreError> {
        self.atomic("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", f)
    }
}

/// A URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.chars().take(200).collect(),
    }
}

impl Store for PostgresStore {
    fn migrate(&mut self) -> Result<u32, StoreError> {
        let grouped = self.grouped;
        let conn = self.live()?;
        if !grouped {
            // Session-level: held across the migrations' own transactions.
            conn.client.batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})")).map_err(db)?;
        }
        let result = self.migrate_locked();
        if !grouped {
            let unlock = self.conn.client.batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"));
            if result.is_ok() {
                unlock.map_err(db)?;
            }
        }
        result
    }

    fn insert_match(
        &mut self,
        row: &MatchRow,
        tokens: &[(u8, String)],
        decisions: &[String],
    ) -> Result<(), StoreError> {
        self.write(|c| {
            c.execute(
                INSERT_MATCH,
                &[
                    &row.id,
                    &row.game,
                    &row.variant,
                    &row.seats,
                    &(row.seed as i64),
                    &row.created_at,
                    &row.finished,
                    &row.outcome,
                    &row.seal.as_ref().map(|s| s.salt.as_str()),
                    &row.seal.as_ref().map(|s| s.chosen),
                    &dice_column(row.dice),
                    &row.companion.then_some(true),
                ],
            )?;
            for (seat, hash) in tokens {
                c.execute(INSERT_TOKEN, &[&row.id, &i32::from(*seat), hash])?;
            }
            for (i, d) in decisions.iter().enumerate() {
                c.execute(INSERT_DECISION, &[&row.id, &ply(i)?, d])?;
            }
            c.query(NOTIFY, &[&format!("created {}", row.id)])?;
            Ok(())
        })
    }

    fn append(
        &mut self,
        id: &str,
        first: usize,
        decisions: &[String],
        outcome: Option<&str>,
    ) -> Result<(), StoreError> {
        let written = if decisions.is_empty() {
            self.write(|c| {
                let stored = c.stored_len(id)?;
                if stored != first {
                    return Err(StoreError::OutOfStep { id: id.into(), stored, expected: first });
                }
                if let Some(outcome) = outcome {
                    c.execute(FINISH, &[&outcome, &id])?;
                }
                Ok(())
            })
        } else {
            self.append_checked(id, first, decisions, outcome)
        };
        match written {
            // Say how far the match really is (unless the group's
            // transaction was aborted by the race).
            Err(StoreError::OutOfStep { id, expected, stored }) => {
                let stored = if self.group_broken {
                    stored
                } else {
                    self.live().and_then(|c| c.stored_len(&id)).unwrap_or(stored)
                };
                Err(StoreError::OutOfStep { id, stored, expected })
            }
            other => other,
        }
    }

    fn undo_last(&mut self, id: &str, len: usize) -> Result<(), StoreError> {
        self.write(|c| {
            let stored = c.stored_len(id)?;
            if stored != len || len == 0 {
                return Err(StoreError::OutOfStep { id: id.into(), stored, expected: len });
            }
            c.execute(UNDO_LAST, &[&id, &ply(len - 1)?])?;
            c.execute(UNFINISH, &[&id])?;
            c.query(NOTIFY, &[&format!("undone {id} {}", len - 1)])?;
            Ok(())
        })
    }

    fn put_roll_parts(&mut self, id: &str, parts: Option<&RollParts>) -> Result<(), StoreError> {
        self.write(|c| {
            c.execute(DELETE_ROLL_PARTS, &[&id])?;
            if let Some(p) = parts {
                let len = i64::try_from(p.len).map_err(|_| StoreError::Database("a match this long".into()))?;
                c.execute(INSERT_ROLL_PARTS, &[&id, &len, &p.parts])?;
            }
            Ok(())
        })
    }

    fn roll_parts(&mut self, id: &str) -> Result<Option<RollParts>, StoreError> {
        let rows = self.read(|c| c.query(SELECT_ROLL_PARTS, &[&id]))?;
        Ok(roll_parts_of(&rows)?.into_iter().next().map(|(_, p)| p))
    }

    fn claim_seat(&mut self, id: &str, seat: u8, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        self.write(|c| {
            let claimed = c.execute(CLAIM_SEAT, &[&id, &i32::from(seat), &token_hash, &name])? == 1;
            if claimed {
                c.query(NOTIFY, &[&format!("seat {id} {seat}")])?;
            }
            Ok(claimed)
        })
    }

    fn unfinished(&mut self) -> Result<Vec<StoredMatch>, StoreError> {
        self.read(|c| {
            let rows = c.query(SELECT_UNFINISHED, &[])?;
            let tokens = c.query(SELECT_UNFINISHED_TOKENS, &[])?;
            let decisions = c.query(SELECT_UNFINISHED_DECISIONS, &[])?;
            let parts = c.query(SELECT_UNFINISHED_ROLL_PARTS, &[])?;
            with_roll_parts(Conn::assemble(rows, tokens, decisions)?, &parts)
        })
    }

    fn load(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.read(|c| {
            let rows = c.query(SELECT_MATCH, &[&id])?;
            if rows.is_empty() {
                return Ok(None);
            }
            let tokens = c.query(SELECT_TOKENS, &[&id])?;
            let decisions = c.query(SELECT_DECISIONS, &[&id])?;
            let parts = c.query(SELECT_ROLL_PARTS, &[&id])?;
            Ok(with_roll_parts(Conn::assemble(rows, tokens, decisions)?, &parts)?.pop())
        })
    }

    fn matches_for_tokens(&mut self, hashes: &[String]) -> Result<Vec<(MatchRow, u8)>, StoreError> {
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        let (rows, names) = self.read(|c| {
            let rows = c.query(SELECT_FOR_TOKENS, &[&hashes])?;
            let ids: Vec<String> =
                rows.iter().map(|r| r.try_get::<_, String>(0).map_err(db)).collect::<Result<_, StoreError>>()?;
            Ok((rows, c.query(SELECT_NAMES, &[&ids])?))
        })?;
        let mut by_id: HashMap<String, Vec<(u8, String)>> = HashMap::new();
        for n in &names {
            let id: String = n.try_get(0).map_err(db)?;
            by_id.entry(id).or_default().push((seat_of(n, 1)?, n.try_get(2).map_err(db)?));
        }
        let mut out = rows
            .iter()
            .map(|r| {
                let mut row = match_row(r)?;
                row.names = by_id.get(&row.id).cloned().unwrap_or_default();
                Ok((row, seat_of(r, 12)?))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.sort_by(|a, b| b.0.created_at.cmp(&a.0.created_at).then_with(|| a.0.id.cmp(&b.0.id)).then(a.1.cmp(&b.1)));
        out.dedup_by(|a, b| a.0.id == b.0.id && a.1 == b.1);
        Ok(out)
    }

    fn since(&mut self, id: &str, from: usize) -> Result<Option<Since>, StoreError> {
        let from = ply(from)?;
        self.read(|c| {
            if c.query(SELECT_MATCH, &[&id])?.is_empty() {
                return Ok(None);
            }
            let tokens = c.query(SELECT_TOKENS, &[&id])?;
            let decisions = c.query(SELECT_DECISIONS_FROM, &[&id, &from])?;
            Ok(Some(Since {
                tokens: tokens
                    .iter()
                    .map(|t| Ok((seat_of(t, 1)?, t.try_get(2).map_err(db)?)))
                    .collect::<Result<_, StoreError>>()?,
                names: tokens.iter().filter_map(|t| seat_name(t).transpose()).collect::<Result<_, StoreError>>()?,
                decisions: decisions.iter().map(|d| d.try_get(1).map_err(db)).collect::<Result<_, StoreError>>()?,
            }))
        })
    }

    fn changes(&self) -> Option<Box<dyn ChangeFeed>> {
        Some(Box::new(PostgresFeed { config: self.config.clone(), client: None }))
    }

    fn begin_group(&mut self) -> Result<(), StoreError> {
        if self.grouped {
            return Err(StoreError::Database("a group is already open".into()));
        }
        self.live()?.client.batch_execute("BEGIN").map_err(db)?;
        self.grouped = true;
        self.group_broken = false;
        Ok(())
    }

    fn end_group(&mut self, commit: bool) -> Result<(), StoreError> {
        if !self.grouped {
            return Ok(());
        }
        self.grouped = false;
        let client = &mut self.conn.client;
        if !commit || self.group_broken {
            let rolled_back = client.batch_execute("ROLLBACK").map_err(db);
            return match (commit, rolled_back) {
                (true, _) => Err(StoreError::Database(
                    "a write of the group failed to end cleanly; the group was rolled back".into(),
                )),
                (false, r) => r,
            };
        }
        // Every job ran in a savepoint that ended cleanly, so the
        // transaction is not aborted and COMMIT means committed.
        client.batch_execute("COMMIT").map_err(db)
    }
}

impl PostgresStore {
    /// An append in one statement ([`APPEND`]), plus the outcome if the game
    /// ended: one round trip for most actions. Outside a group it commits by
    /// itself (a transaction only when the outcome is written too). Inside a
    /// group it takes no savepoint: a clean "out of step" changes nothing,
    /// and any failure marks the whole group to be rolled back.
    fn append_checked(
        &mut self,
        id: &str,
        first: usize,
        decisions: &[String],
        outcome: Option<&str>,
    ) -> Result<(), StoreError> {
        let from = ply(first)?;
        ply(first + decisions.len())?;
        let expected = decisions.len() as u64;
        let out_of_step = || StoreError::OutOfStep { id: id.into(), stored: first + 1, expected: first };
        // The error, and whether the statement failed (which aborts the
        // transaction it ran in) rather than cleanly storing nothing.
        let insert = |c: &mut Conn| -> Result<(), (StoreError, bool)> {
            let statement = c.prepared(APPEND).map_err(|e| (e, true))?;
            let stored = c.client.query(&statement, &[&id, &from, &decisions]).map(|rows| {
                rows.first().map_or(Ok(0), |r| r.try_get::<_, i64>(0).map(|n| u64::try_from(n).unwrap_or(0)))
            });
            match stored.and_then(|n| n) {
                Ok(n) if n == expected => Ok(()),
                Ok(0) => Err((out_of_step(), false)),
                Ok(n) => Err((StoreError::Database(format!("stored {n} of {expected} decisions")), true)),
                // Another writer stored these plies after the check.
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Err((out_of_step(), true)),
                Err(e) => Err((db(e), true)),
            }
        };
        if self.grouped {
            let conn = self.live()?;
            let result = insert(conn).and_then(|()| match outcome {
                Some(outcome) => conn.execute(FINISH, &[&outcome, &id]).map(|_| ()).map_err(|e| (e, true)),
                None => Ok(()),
            });
            return result.map_err(|(e, aborted)| {
                if aborted {
                    self.group_broken = true;
                }
                e
            });
        }
        match outcome {
            None => insert(self.live()?).map_err(|(e, _)| e),
            Some(outcome) => self.write(|c| {
                insert(c).map_err(|(e, _)| e)?;
                c.execute(FINISH, &[&outcome, &id])?;
                Ok(())
            }),
        }
    }

    fn migrate_locked(&mut self) -> Result<u32, StoreError> {
        let conn = self.live()?;
        conn.client.batch_execute(SCHEMA_VERSION_TABLE).map_err(db)?;
        let current: i32 = conn
            .client
            .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
            .and_then(|r| r.try_get(0))
            .map_err(db)?;
        let current = u32::try_from(current).unwrap_or(0);
        let known = MIGRATIONS.last().map_or(0, |m| m.version);
        if current > known {
            return Err(StoreError::TooNew { found: current, known });
        }
        for m in MIGRATIONS.iter().filter(|m| m.version > current) {
            let version = i32::try_from(m.version).unwrap_or(i32::MAX);
            self.write(|c| {
                // Under the lock, but a server of another build might not
                // take it: look again inside the transaction.
                let now: i32 = c
                    .client
                    .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
                    .and_then(|r| r.try_get(0))
                    .map_err(db)?;
                if now >= version {
                    return Ok(());
                }
                c.client
                    .batch_execute(m.sql)
                    .map_err(|e| StoreError::Database(format!("migration {}: {e}", m.name)))?;
                c.client
                    .execute("INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", &[&version, &now_ms()])
                    .map_err(db)?;
                Ok(())
            })?;
        }
        // Statements prepared before a migration may be stale.
        self.conn.statements.clear();
        Ok(known)
    }
}

/// The [`ChangeFeed`] of a PostgreSQL database: a connection of its own that
/// `LISTEN`s on the database's channel ([`CHANNEL`]). It connects on first
/// use and again whenever the connection is lost, answering
/// [`Change::Resync`] each time, since changes may have been missed.
pub struct PostgresFeed {
    config: Config,
    client: Option<Client>,
}

impl ChangeFeed for PostgresFeed {
    fn wait(&mut self, timeout: Duration) -> Result<Vec<Change>, StoreError> {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            self.client = None;
            let mut client = self.config.connect(NoTls).map_err(db)?;
            let channel: String =
                client.query_one(&format!("SELECT {CHANNEL}"), &[]).and_then(|r| r.try_get(0)).map_err(db)?;
            // The channel is `arbiter_` and hex digits: safe to quote.
            client.batch_execute(&format!("LISTEN \"{channel}\"")).map_err(db)?;
            self.client = Some(client);
            return Ok(vec![Change::Resync]);
        }
        let Some(client) = self.client.as_mut() else { return Ok(Vec::new()) };
        let mut notifications = client.notifications();
        let mut changes = Vec::new();
        match notifications.timeout_iter(timeout).next().map_err(db)? {
            None => return Ok(changes),
            Some(n) => changes.extend(Change::parse(n.payload())),
        }
        // Whatever else has already come.
        let mut pending = notifications.iter();
        while let Some(n) = pending.next().map_err(db)? {
            changes.extend(Change::parse(n.payload()));
        }
        Ok(changes)
    }
}

/// Rows of `(match_id, len, parts)` read.
fn roll_parts_of(rows: &[Row]) -> Result<Vec<(String, RollParts)>, StoreError> {
    rows.iter()
        .map(|r| {
            let len: i64 = r.try_get(1).map_err(db)?;
            let parts = RollParts { len: usize::try_from(len).unwrap_or(usize::MAX), parts: r.try_get(2).map_err(db)? };
            Ok((r.try_get(0).map_err(db)?, parts))
        })
        .collect()
}

/// The matches, each with the parts of its pending roll from `rows`.
fn with_roll_parts(mut matches: Vec<StoredMatch>, rows: &[Row]) -> Result<Vec<StoredMatch>, StoreError> {
    let mut by_id: HashMap<String, RollParts> = roll_parts_of(rows)?.into_iter().collect();
    for m in &mut matches {
        m.roll_parts = by_id.remove(&m.row.id);
    }
    Ok(matches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(redact("postgres://ada:secret@db:5432/arbiter"), "postgres://ada:***@db:5432/arbiter");
        assert_eq!(redact("postgres://ada@db/arbiter"), "postgres://ada@db/arbiter");
        assert!(
            matches!(PostgresStore::connect("postgres://a:b@[nope"), Err(StoreError::Unsupported(m)) if !m.contains(":b@"))
        );
    }

    #[test]
    fn an_unreachable_server_is_a_clear_error() {
        // Port 1 on loopback: nothing listens there.
        let e = PostgresStore::connect("postgres://arbiter@127.0.0.1:1/arbiter?connect_timeout=2").err();
        assert!(matches!(&e, Some(StoreError::Database(m)) if m.contains("PostgreSQL")), "{e:?}");
    }
}
