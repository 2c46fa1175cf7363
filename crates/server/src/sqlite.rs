//! The SQLite backend of [`Store`]: a file in WAL mode (or memory, for
//! tests), migrated on open.
//!
//! Queries use `$1, $2, …` parameters, as the PostgreSQL backend's do
//! ([`crate::postgres`], over the same migrations). SQLite numbers `$N`
//! parameters by first appearance, not by `N`: every query here names them
//! in increasing order.
//!
//! Writes take the write lock at once (`BEGIN IMMEDIATE`); in a group
//! commit ([`Store::begin_group`]) the group holds it and each write is a
//! savepoint. Several processes may open one file (each write waits up to
//! 5 s for the lock), and an append checks that it continues the stored
//! match, so they cannot corrupt one another's matches; but SQLite is meant
//! for one server, PostgreSQL for several.

use crate::store::{
    MIGRATIONS, MatchRow, RollParts, SCHEMA_VERSION_TABLE, SeedSeal, Store, StoreError, StoredMatch, dice_column,
    dice_of_column,
};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::time::Duration;

/// How hard SQLite works to keep a commit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = FULL`: every commit is on disk before it returns; it
    /// survives a power cut.
    #[default]
    Full,
    /// `synchronous = NORMAL`: every commit survives the process being
    /// killed (SIGKILL), but the last ones may be lost to a power cut.
    Normal,
}

/// A SQLite database holding the server's matches.
pub struct SqliteStore {
    conn: Connection,
    /// In a group commit ([`Store::begin_group`]): writes are savepoints
    /// inside the group's transaction.
    grouped: bool,
}

fn db(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

const MATCH_COLUMNS: &str =
    "id, game, variant, seats, seed, created_at, finished, outcome, seed_salt, seed_chosen, dice, companion";

fn match_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<MatchRow> {
    Ok(MatchRow {
        id: row.get(0)?,
        game: row.get(1)?,
        variant: row.get(2)?,
        seats: row.get(3)?,
        seed: row.get::<_, i64>(4)? as u64,
        created_at: row.get(5)?,
        finished: row.get(6)?,
        outcome: row.get(7)?,
        seal: SeedSeal::from_columns(row.get(8)?, row.get(9)?),
        dice: dice_of_column(row.get::<_, Option<String>>(10)?.as_deref()),
        companion: row.get::<_, Option<bool>>(11)?.unwrap_or(false),
        names: Vec::new(),
    })
}

/// How long a write waits for another connection's lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path`, in WAL mode.
    pub fn open(path: &Path, durability: Durability) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(db)?;
        // Before anything that locks: other connections may be opening the
        // same file.
        conn.busy_timeout(BUSY_TIMEOUT).map_err(db)?;
        // Turning WAL on takes a lock without waiting on the busy timeout:
        // a server opening the file while another does is told "database
        // is locked" at once. Try again for as long as the busy timeout.
        let start = std::time::Instant::now();
        loop {
            match conn.pragma_update(None, "journal_mode", "WAL") {
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::DatabaseBusy && start.elapsed() < BUSY_TIMEOUT =>
                {
                    std::thread::sleep(Duration::from_millis(5));
                }
                other => break other.map_err(db)?,
            }
        }
        let sync = match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", sync).map_err(db)?;
        Self::setup(conn)
    }

    /// Checks the file's structure (`PRAGMA quick_check`: every page, index
    /// entry and record format, in about the time of reading the file once)
    /// and refuses a damaged one with [`StoreError::Damaged`], which says how
    /// to recover it. `path` names the file in that message.
    pub fn quick_check(&self, path: &Path) -> Result<(), StoreError> {
        let damaged = |problems: String| StoreError::Damaged { path: path.display().to_string(), problems };
        let mut stmt = match self.conn.prepare("PRAGMA quick_check(20)") {
            Ok(stmt) => stmt,
            // A file that is not a database at all fails here.
            Err(e) => return Err(damaged(e.to_string())),
        };
        let rows: Result<Vec<String>, _> = stmt.query_map([], |r| r.get::<_, String>(0)).and_then(Iterator::collect);
        match rows {
            Ok(rows) if rows.len() == 1 && rows[0] == "ok" => Ok(()),
            Ok(rows) => Err(damaged(rows.join("; ").chars().take(600).collect())),
            Err(e) => Err(damaged(e.to_string())),
        }
    }

    /// A database in memory, gone when dropped (for tests).
    pub fn open_in_memory() -> Result<SqliteStore, StoreError> {
        Self::setup(Connection::open_in_memory().map_err(db)?)
    }

    fn setup(conn: Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(db)?;
        Ok(SqliteStore { conn, grouped: false })
    }

    /// The journal mode in force (`wal` for files).
    pub fn journal_mode(&self) -> Result<String, StoreError> {
        self.conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).map_err(db)
    }

    fn decisions(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let mut stmt =
            self.conn.prepare_cached("SELECT decision FROM decisions WHERE match_id = $1 ORDER BY ply").map_err(db)?;
        let rows = stmt.query_map(params![id], |r| r.get(0)).map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    fn tokens(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seat, token_hash FROM seat_tokens WHERE match_id = $1 ORDER BY seat")
            .map_err(db)?;
        let rows = stmt.query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?))).map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    /// The names given on joining the seats of a match, by seat.
    fn names(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seat, name FROM seat_tokens WHERE match_id = $1 AND name IS NOT NULL ORDER BY seat")
            .map_err(db)?;
        let rows = stmt.query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?))).map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    /// A row read from `matches`, with the names given on joining.
    fn named(&self, mut row: MatchRow) -> Result<MatchRow, StoreError> {
        row.names = self.names(&row.id)?;
        Ok(row)
    }

    fn stored(&self, row: MatchRow) -> Result<StoredMatch, StoreError> {
        let row = self.named(row)?;
        let tokens = self.tokens(&row.id)?;
        let decisions = self.decisions(&row.id)?;
        let roll_parts = read_roll_parts(&self.conn, &row.id)?;
        Ok(StoredMatch { row, tokens, decisions, roll_parts })
    }

    /// Runs `f` all or nothing: in its own immediate transaction, or, in a
    /// group commit, in a savepoint of the group's transaction.
    fn write<R>(&mut self, f: impl FnOnce(&Connection) -> Result<R, StoreError>) -> Result<R, StoreError> {
        if self.grouped {
            // Dropped on error: rolled back to the savepoint and released.
            let sp = self.conn.savepoint().map_err(db)?;
            let r = f(&sp)?;
            sp.commit().map_err(db)?;
            Ok(r)
        } else {
            let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(db)?;
            let r = f(&tx)?;
            tx.commit().map_err(db)?;
            Ok(r)
        }
    }
}

/// The parts of a pending roll of real dice kept for a match.
fn read_roll_parts(conn: &Connection, id: &str) -> Result<Option<RollParts>, StoreError> {
    conn.query_row("SELECT len, parts FROM roll_parts WHERE match_id = $1", params![id], |r| {
        Ok(RollParts { len: usize::try_from(r.get::<_, i64>(0)?).unwrap_or(usize::MAX), parts: r.get(1)? })
    })
    .optional()
    .map_err(db)
}

/// The number of decisions stored for a match: one more than its last ply
/// (an index lookup, where counting would read them all). Plies are
/// contiguous from 0: appends are checked against this.
fn stored_len(conn: &Connection, id: &str) -> Result<usize, StoreError> {
    let last: Option<i64> = conn
        .prepare_cached("SELECT MAX(ply) FROM decisions WHERE match_id = $1")
        .and_then(|mut s| s.query_row(params![id], |r| r.get(0)))
        .map_err(db)?;
    Ok(last.map_or(0, |n| usize::try_from(n + 1).unwrap_or(usize::MAX)))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Store for SqliteStore {
    fn migrate(&mut self) -> Result<u32, StoreError> {
        self.conn.execute_batch(SCHEMA_VERSION_TABLE).map_err(db)?;
        let current: u32 = self
            .conn
            .query_row("SELECT COALESCE(MAX(version), 0) FROM schema_version", [], |r| r.get(0))
            .map_err(db)?;
        let known = MIGRATIONS.last().map_or(0, |m| m.version);
        if current > known {
            return Err(StoreError::TooNew { found: current, known });
        }
        for m in MIGRATIONS.iter().filter(|m| m.version > current) {
            self.write(|tx| {
                // Another connection may have applied it since we looked;
                // this transaction holds the write lock, so look again.
                let now: u32 = tx
                    .query_row("SELECT COALESCE(MAX(version), 0) FROM schema_version", [], |r| r.get(0))
                    .map_err(db)?;
                if now >= m.version {
                    return Ok(());
                }
                tx.execute_batch(m.sql).map_err(|e| StoreError::Database(format!("migration {}: {e}", m.name)))?;
                tx.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                    params![m.version, now_ms()],
                )
                .map_err(db)?;
                Ok(())
            })?;
        }
        Ok(known)
    }

    fn insert_match(
        &mut self,
        row: &MatchRow,
        tokens: &[(u8, String)],
        decisions: &[String],
    ) -> Result<(), StoreError> {
        self.write(|tx| insert_match(tx, row, tokens, decisions))
    }

    fn append(
        &mut self,
        id: &str,
        first: usize,
        decisions: &[String],
        outcome: Option<&str>,
    ) -> Result<(), StoreError> {
        self.write(|tx| append(tx, id, first, decisions, outcome))
    }

    fn undo_last(&mut self, id: &str, len: usize) -> Result<(), StoreError> {
        self.write(|tx| {
            let stored = stored_len(tx, id)?;
            if stored != len || len == 0 {
                return Err(StoreError::OutOfStep { id: id.into(), stored, expected: len });
            }
            tx.execute("DELETE FROM decisions WHERE match_id = $1 AND ply = $2", params![id, (len - 1) as i64])
                .map_err(db)?;
            tx.execute("UPDATE matches SET finished = FALSE, outcome = NULL WHERE id = $1", params![id]).map_err(db)?;
            Ok(())
        })
    }

    fn put_roll_parts(&mut self, id: &str, parts: Option<&RollParts>) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute("DELETE FROM roll_parts WHERE match_id = $1", params![id]).map_err(db)?;
            if let Some(p) = parts {
                tx.execute(
                    "INSERT INTO roll_parts (match_id, len, parts) VALUES ($1, $2, $3)",
                    params![id, p.len as i64, p.parts],
                )
                .map_err(db)?;
            }
            Ok(())
        })
    }

    fn roll_parts(&mut self, id: &str) -> Result<Option<RollParts>, StoreError> {
        read_roll_parts(&self.conn, id)
    }

    fn claim_seat(&mut self, id: &str, seat: u8, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        self.write(|tx| {
            let n = tx
                .execute(
                    "INSERT INTO seat_tokens (match_id, seat, token_hash, name) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT DO NOTHING",
                    params![id, seat, token_hash, name],
                )
                .map_err(db)?;
            Ok(n == 1)
        })
    }
    fn unfinished(&mut self) -> Result<Vec<StoredMatch>, StoreError> {
        let rows: Vec<MatchRow> = {
            let mut stmt = self
                .conn
                .prepare(&format!("SELECT {MATCH_COLUMNS} FROM matches WHERE finished = FALSE ORDER BY created_at, id"))
                .map_err(db)?;
            let rows = stmt.query_map([], match_row).map_err(db)?;
            rows.collect::<Result<_, _>>().map_err(db)?
        };
        rows.into_iter().map(|row| self.stored(row)).collect()
    }

    fn load(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let row = self
            .conn
            .query_row(&format!("SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1"), params![id], match_row)
            .optional()
            .map_err(db)?;
        row.map(|row| self.stored(row)).transpose()
    }

    fn matches_for_tokens(&mut self, hashes: &[String]) -> Result<Vec<(MatchRow, u8)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT m.id, m.game, m.variant, m.seats, m.seed, m.created_at, m.finished, m.outcome, m.seed_salt, \
                 m.seed_chosen, m.dice, m.companion, t.seat \
                 FROM seat_tokens t JOIN matches m ON m.id = t.match_id WHERE t.token_hash = $1",
            )
            .map_err(db)?;
        let mut out = Vec::new();
        for hash in hashes {
            let rows = stmt.query_map(params![hash], |r| Ok((match_row(r)?, r.get::<_, u8>(12)?))).map_err(db)?;
            for row in rows {
                out.push(row.map_err(db)?);
            }
        }
        out.sort_by(|a, b| b.0.created_at.cmp(&a.0.created_at).then_with(|| a.0.id.cmp(&b.0.id)).then(a.1.cmp(&b.1)));
        out.dedup_by(|a, b| a.0.id == b.0.id && a.1 == b.1);
        out.into_iter().map(|(row, seat)| Ok((self.named(row)?, seat))).collect()
    }

    fn begin_group(&mut self) -> Result<(), StoreError> {
        if self.grouped || !self.conn.is_autocommit() {
            return Err(StoreError::Database("a transaction is already open".into()));
        }
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(db)?;
        self.grouped = true;
        Ok(())
    }

    fn end_group(&mut self, commit: bool) -> Result<(), StoreError> {
        if !self.grouped {
            return Ok(());
        }
        self.grouped = false;
        let result = if commit { self.conn.execute_batch("COMMIT").map_err(db) } else { Ok(()) };
        if !commit || result.is_err() {
            // A failed COMMIT can leave the transaction open.
            if !self.conn.is_autocommit() {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
        }
        result
    }
}

fn insert_match(
    tx: &Connection,
    row: &MatchRow,
    tokens: &[(u8, String)],
    decisions: &[String],
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO matches (id, game, variant, seats, seed, created_at, finished, outcome, seed_salt, seed_chosen, \
         dice, companion) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        params![
            row.id,
            row.game,
            row.variant,
            row.seats,
            row.seed as i64,
            row.created_at,
            row.finished,
            row.outcome,
            row.seal.as_ref().map(|s| s.salt.as_str()),
            row.seal.as_ref().map(|s| s.chosen),
            dice_column(row.dice),
            row.companion.then_some(true),
        ],
    )
    .map_err(db)?;
    for (seat, hash) in tokens {
        tx.execute(
            "INSERT INTO seat_tokens (match_id, seat, token_hash) VALUES ($1, $2, $3)",
            params![row.id, seat, hash],
        )
        .map_err(db)?;
    }
    let mut insert =
        tx.prepare_cached("INSERT INTO decisions (match_id, ply, decision) VALUES ($1, $2, $3)").map_err(db)?;
    for (ply, d) in decisions.iter().enumerate() {
        insert.execute(params![row.id, ply as i64, d]).map_err(db)?;
    }
    Ok(())
}

fn append(
    tx: &Connection,
    id: &str,
    first: usize,
    decisions: &[String],
    outcome: Option<&str>,
) -> Result<(), StoreError> {
    let stored = stored_len(tx, id)?;
    if stored != first {
        return Err(StoreError::OutOfStep { id: id.into(), stored, expected: first });
    }
    let mut insert =
        tx.prepare_cached("INSERT INTO decisions (match_id, ply, decision) VALUES ($1, $2, $3)").map_err(db)?;
    for (i, d) in decisions.iter().enumerate() {
        insert.execute(params![id, (first + i) as i64, d]).map_err(db)?;
    }
    if let Some(outcome) = outcome {
        tx.prepare_cached("UPDATE matches SET finished = TRUE, outcome = $1 WHERE id = $2")
            .and_then(|mut s| s.execute(params![outcome, id]))
            .map_err(db)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> MatchRow {
        MatchRow {
            id: id.into(),
            game: "essence".into(),
            variant: "{}".into(),
            seats: "[]".into(),
            seed: u64::MAX - 3,
            created_at: 7,
            finished: false,
            outcome: None,
            seal: Some(SeedSeal { salt: "5a".repeat(32), chosen: true }),
            dice: arbiter_core::DiceMode::Seeded,
            companion: false,
            names: Vec::new(),
        }
    }

    #[test]
    fn matches_round_trip_and_appends_must_be_in_step() {
        let mut s = SqliteStore::open_in_memory().unwrap();
        assert_eq!(s.migrate().unwrap(), 6);
        assert_eq!(s.migrate().unwrap(), 6, "migrating twice changes nothing");
        s.insert_match(&row("ab"), &[(0, "h0".into())], &["{\"roll\":[1]}".into()]).unwrap();
        s.append("ab", 1, &["a".into(), "b".into()], None).unwrap();
        assert!(matches!(s.append("ab", 1, &["c".into()], None), Err(StoreError::OutOfStep { stored: 3, .. })));
        let m = s.load("ab").unwrap().unwrap();
        assert_eq!(m.row, row("ab"));
        assert_eq!(m.decisions, ["{\"roll\":[1]}", "a", "b"]);
        assert_eq!(m.tokens, [(0, "h0".to_string())]);
        assert_eq!(s.unfinished().unwrap().len(), 1);
        assert!(s.claim_seat("ab", 1, "h1", Some("Bo")).unwrap());
        assert!(!s.claim_seat("ab", 1, "h2", Some("Cy")).unwrap(), "a taken seat stays taken");
        assert_eq!(s.load("ab").unwrap().unwrap().row.names, [(1, "Bo".to_string())]);
        s.append("ab", 3, &["d".into()], Some("{\"draw\":true}")).unwrap();
        assert!(s.unfinished().unwrap().is_empty());
        let mine = s.matches_for_tokens(&["h1".into(), "nope".into()]).unwrap();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].1, 1);
        assert!(mine[0].0.finished);
        assert_eq!(mine[0].0.outcome.as_deref(), Some("{\"draw\":true}"));
        assert_eq!(mine[0].0.names, [(1, "Bo".to_string())], "the names come with the lobby's rows");
        assert!(s.load("cd").unwrap().is_none());
    }

    #[test]
    fn every_migration_file_is_listed_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|m| m.name).collect();
        assert_eq!(files, listed);
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version as usize, i + 1);
            assert!(m.name.starts_with(&format!("{:04}_", m.version)));
        }
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let mut s = SqliteStore::open_in_memory().unwrap();
        s.migrate().unwrap();
        s.conn.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 0)", []).unwrap();
        assert!(matches!(s.migrate(), Err(StoreError::TooNew { found: 99, .. })));
    }
}
