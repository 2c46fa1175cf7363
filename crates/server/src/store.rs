//! Durable storage: the [`Store`] trait every backend implements, the rows it
//! reads and writes, and the schema migrations they share.
//!
//! The schema lives in `crates/server/migrations/`, one numbered `.sql` file
//! per version, written in SQL that SQLite and PostgreSQL both accept. A
//! backend applies, in order and each in its own transaction, every migration
//! newer than the highest version in its `schema_version` table. There are
//! two backends over the same migrations: SQLite
//! ([`crate::sqlite::SqliteStore`], the embedded default) and PostgreSQL
//! ([`crate::postgres::PostgresStore`], for several servers on one database).
//!
//! Stores are synchronous: the server runs one on a dedicated thread
//! ([`crate::db::Db`]), so database work never blocks the async runtime.
//! That thread commits the jobs that queue up while it is busy together
//! (group commit, [`Store::begin_group`]): one disk flush for many
//! decisions, each still all or nothing, and none acknowledged before the
//! group is committed.
//!
//! **Several servers.** A backend that several servers can share also gives
//! a [`ChangeFeed`] ([`Store::changes`]): what the other servers wrote (new
//! matches, decisions, claimed seats), so that each server can bring the
//! matches it holds up to date ([`Store::since`]) and push them to its
//! connections.

use arbiter_core::DiceMode;

/// One schema migration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Migration {
    /// The schema version this migration brings the database to.
    pub version: u32,
    /// The file name, for messages.
    pub name: &'static str,
    /// The SQL, one or more statements.
    pub sql: &'static str,
}

/// Every migration, in order. A test checks that this lists every file in
/// `migrations/`.
pub const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, name: "0001_initial.sql", sql: include_str!("../migrations/0001_initial.sql") },
    Migration { version: 2, name: "0002_sealed_seeds.sql", sql: include_str!("../migrations/0002_sealed_seeds.sql") },
    Migration { version: 3, name: "0003_real_dice.sql", sql: include_str!("../migrations/0003_real_dice.sql") },
    Migration { version: 4, name: "0004_seat_names.sql", sql: include_str!("../migrations/0004_seat_names.sql") },
    Migration { version: 5, name: "0005_companion.sql", sql: include_str!("../migrations/0005_companion.sql") },
    Migration { version: 6, name: "0006_roll_parts.sql", sql: include_str!("../migrations/0006_roll_parts.sql") },
];

/// The statement that creates the version table, before any migration.
pub const SCHEMA_VERSION_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)";

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    /// The match id.
    pub id: String,
    /// The game's identifier.
    pub game: String,
    /// The variant, as the game's JSON.
    pub variant: String,
    /// The seats: the core's `PlayerSpec` list, as JSON.
    pub seats: String,
    /// The seed of the dice and the bots.
    pub seed: u64,
    /// The seed's seal: the salt of its commitment and whether it was
    /// chosen; `None` for a match stored before seeds were sealed (schema
    /// version 1).
    pub seal: Option<SeedSeal>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// Whether the game is over.
    pub finished: bool,
    /// The outcome (the API's `OutcomeView` JSON), once over.
    pub outcome: Option<String>,
    /// Where the dice come from (column `dice`: `manual` for real dice;
    /// NULL or `seeded` for the server's seeded dice).
    pub dice: DiceMode,
    /// Whether the match is played with real figures on a real table
    /// (column `companion`, schema 5; NULL reads as false).
    pub companion: bool,
    /// The names players gave when they joined an open seat, by seat
    /// (column `seat_tokens.name`, schema version 4); each replaces the
    /// seat's name in `seats`. Read back, never written by
    /// [`Store::insert_match`] (a new match's names are in `seats`).
    pub names: Vec<(u8, String)>,
}

/// The `dice` column's text for a dice mode (NULL for seeded dice).
pub fn dice_column(dice: DiceMode) -> Option<&'static str> {
    match dice {
        DiceMode::Seeded => None,
        DiceMode::Manual => Some("manual"),
    }
}

/// The dice mode a `dice` column holds.
pub fn dice_of_column(text: Option<&str>) -> DiceMode {
    if text == Some("manual") { DiceMode::Manual } else { DiceMode::Seeded }
}

/// How a match's seed is sealed (columns `seed_salt`, `seed_chosen`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSeal {
    /// The salt of the seed's commitment, 64 hex digits.
    pub salt: String,
    /// True when the match's creator chose the seed; false when the server
    /// drew it from the operating system's generator.
    pub chosen: bool,
}

impl SeedSeal {
    /// The seal as read from its two columns (both NULL in old rows).
    pub fn from_columns(salt: Option<String>, chosen: Option<bool>) -> Option<SeedSeal> {
        salt.map(|salt| SeedSeal { salt, chosen: chosen.unwrap_or(false) })
    }
}

/// A match with everything needed to resume it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMatch {
    /// The match.
    pub row: MatchRow,
    /// `(seat, token hash)` for every seat handed out.
    pub tokens: Vec<(u8, String)>,
    /// Every decision, in order, as the core's `Decision` JSON.
    pub decisions: Vec<String>,
    /// The parts of a roll of real dice entered so far
    /// ([`Store::put_roll_parts`]), if any.
    pub roll_parts: Option<RollParts>,
}

/// The parts of a pending roll of real dice entered so far (table
/// `roll_parts`, schema 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollParts {
    /// The number of decisions the match had when they were entered.
    pub len: usize,
    /// One entry per part of the roll, as JSON: its values, or `null`.
    pub parts: String,
}

/// What one server changed, as another one hears it on a [`ChangeFeed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A match was created.
    Created {
        /// The match.
        id: String,
    },
    /// Decisions were appended; the match now has `len` stored.
    Decisions {
        /// The match.
        id: String,
        /// Decisions stored.
        len: usize,
    },
    /// The last decision was taken back (a roll of real dice); the match
    /// now has `len` stored, and may have moved on since.
    Undone {
        /// The match.
        id: String,
        /// Decisions stored right after the undo.
        len: usize,
    },
    /// A seat was handed out.
    Seat {
        /// The match.
        id: String,
        /// The seat.
        seat: u8,
    },
    /// Changes may have been missed (the feed connected or reconnected):
    /// everything held should be brought up to date.
    Resync,
}

impl Change {
    /// Reads a change from its wire text (`created ID`, `decisions ID LEN`,
    /// `undone ID LEN`, `seat ID SEAT`); `None` if it is not one.
    pub fn parse(text: &str) -> Option<Change> {
        let mut words = text.split(' ');
        let change = match (words.next()?, words.next()?, words.next()) {
            ("created", id, None) => Change::Created { id: id.into() },
            ("decisions", id, Some(len)) => Change::Decisions { id: id.into(), len: len.parse().ok()? },
            ("undone", id, Some(len)) => Change::Undone { id: id.into(), len: len.parse().ok()? },
            ("seat", id, Some(seat)) => Change::Seat { id: id.into(), seat: seat.parse().ok()? },
            _ => return None,
        };
        words.next().is_none().then_some(change)
    }
}

/// The changes other servers make to a shared database, as they commit.
pub trait ChangeFeed: Send {
    /// Waits up to `timeout` for changes and returns those that came (none
    /// if it timed out). After connecting or reconnecting, it first returns
    /// [`Change::Resync`].
    fn wait(&mut self, timeout: std::time::Duration) -> Result<Vec<Change>, StoreError>;
}

/// What was stored for a match after a given decision: every seat token
/// handed out, and the decisions from that point on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Since {
    /// `(seat, token hash)` for every seat handed out.
    pub tokens: Vec<(u8, String)>,
    /// `(seat, name)` for every seat whose player gave a name on joining.
    pub names: Vec<(u8, String)>,
    /// The decisions after the given point, in order.
    pub decisions: Vec<String>,
}

/// Why storage failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The database reported an error.
    #[error("database error: {0}")]
    Database(String),
    /// A write would not continue the stored match where it ends (another
    /// writer got there first, or the caller is out of step).
    #[error("match {id} has {stored} stored decisions, not {expected}")]
    OutOfStep {
        /// The match.
        id: String,
        /// Decisions stored.
        stored: usize,
        /// Decisions the caller expected.
        expected: usize,
    },
    /// The database was written by a newer server.
    #[error("the database schema is version {found}; this server knows up to {known}")]
    TooNew {
        /// The version found.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// The storage thread has stopped.
    #[error("the storage thread has stopped")]
    Closed,
    /// A database URL this build cannot open.
    #[error("{0}")]
    Unsupported(String),
    /// The SQLite file failed its integrity check: the server does not
    /// start on it.
    #[error(
        "the database {path} is damaged ({problems}); the server will not start on it. Keep a copy of the file, \
         then recover what can be read into a new file and start on that:\n    \
         sqlite3 {path} \".recover\" | sqlite3 {path}.recovered\n\
         (or restore the latest backup; docs/deploy.md, \"Backups\")"
    )]
    Damaged {
        /// The file.
        path: String,
        /// What `PRAGMA quick_check` reported (its first lines).
        problems: String,
    },
}

/// A storage backend. Every method is one transaction: it either happens
/// whole or not at all.
pub trait Store: Send {
    /// Brings the schema up to date; returns its version.
    fn migrate(&mut self) -> Result<u32, StoreError>;
    /// Stores a new match with its handed-out seat tokens and its first
    /// decisions (the rolls made before anyone acts).
    fn insert_match(&mut self, row: &MatchRow, tokens: &[(u8, String)], decisions: &[String])
    -> Result<(), StoreError>;
    /// Appends decisions to a match, the first at index `first` (which must be
    /// the number stored), and marks it finished with `outcome` if given.
    fn append(&mut self, id: &str, first: usize, decisions: &[String], outcome: Option<&str>)
    -> Result<(), StoreError>;
    /// Takes back the last decision of a match (a roll of real dice) if and
    /// only if the match has exactly `len` stored; the match is unfinished
    /// again. Fails with [`StoreError::OutOfStep`] otherwise.
    fn undo_last(&mut self, id: &str, len: usize) -> Result<(), StoreError>;
    /// Keeps the parts of a match's pending roll of real dice entered so far
    /// (`None`: there are none), replacing any kept before.
    fn put_roll_parts(&mut self, id: &str, parts: Option<&RollParts>) -> Result<(), StoreError>;
    /// The parts kept for a match by [`Store::put_roll_parts`].
    fn roll_parts(&mut self, id: &str) -> Result<Option<RollParts>, StoreError>;
    /// Hands out an open seat: stores its token hash, and the name its
    /// player gave (`None`: the seat keeps the creator's name), unless the
    /// seat is taken. Returns false if it was taken.
    fn claim_seat(&mut self, id: &str, seat: u8, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError>;
    /// Every unfinished match, with its decisions.
    fn unfinished(&mut self) -> Result<Vec<StoredMatch>, StoreError>;
    /// One match, with its decisions.
    fn load(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError>;
    /// The matches in which these token hashes hold a seat, newest first,
    /// with the seat held.
    fn matches_for_tokens(&mut self, hashes: &[String]) -> Result<Vec<(MatchRow, u8)>, StoreError>;
    /// A match's seat tokens and its decisions from index `from` on; `None`
    /// if there is no such match. The default reads the whole match.
    fn since(&mut self, id: &str, from: usize) -> Result<Option<Since>, StoreError> {
        Ok(self.load(id)?.map(|m| Since {
            tokens: m.tokens,
            names: m.row.names,
            decisions: m.decisions.get(from..).unwrap_or_default().to_vec(),
        }))
    }
    /// A feed of the changes other servers make to this database, if
    /// several servers can share it (PostgreSQL); `None` for a store only
    /// one server uses (SQLite).
    fn changes(&self) -> Option<Box<dyn ChangeFeed>> {
        None
    }

    /// Starts a group commit: the calls until [`Store::end_group`] share one
    /// transaction, and nothing is durable, so nothing may be acknowledged,
    /// until `end_group` commits. Each call stays all or nothing on its own:
    /// one that fails cleanly (an append out of step, a seat already taken)
    /// changes nothing and leaves the group going. One that fails inside the
    /// database either rolls back to its savepoint (SQLite) or spoils the
    /// whole group (PostgreSQL's appends, which save a savepoint's round
    /// trips): then `end_group` reports an error and stores nothing of it.
    /// The default does not group: every call commits by itself.
    fn begin_group(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Ends a group: commits it (`commit`) or rolls it all back. If the
    /// commit fails, nothing of the group is stored.
    fn end_group(&mut self, commit: bool) -> Result<(), StoreError> {
        let _ = commit;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_from_their_wire_text() {
        assert_eq!(Change::parse("created ab12"), Some(Change::Created { id: "ab12".into() }));
        assert_eq!(Change::parse("decisions ab12 7"), Some(Change::Decisions { id: "ab12".into(), len: 7 }));
        assert_eq!(Change::parse("seat ab12 1"), Some(Change::Seat { id: "ab12".into(), seat: 1 }));
        assert_eq!(Change::parse("undone ab12 6"), Some(Change::Undone { id: "ab12".into(), len: 6 }));
        for bad in [
            "",
            "created",
            "created a b",
            "decisions ab12",
            "decisions ab12 -1",
            "decisions ab12 7 8",
            "seat ab12 256",
            "moved ab12 1",
        ] {
            assert_eq!(Change::parse(bad), None, "{bad:?}");
        }
    }
}
