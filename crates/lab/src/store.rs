//! The results file: one SQLite database per experiment file, with a row
//! per finished game keyed by (experiment hash, cell key, game index).
//!
//! Each game is committed on its own as it finishes, so a run stopped at
//! any moment (Ctrl-C, a kill, a power cut) loses at most the games in
//! flight, and a game is never stored twice (`INSERT OR IGNORE` on the key:
//! a runner that plays a game again, here or on another machine, adds
//! nothing). SQLite is in the workspace already (the server's store), needs
//! no server, is one file a designer can copy, and answers the report's
//! questions with SQL.

use crate::LabError;
use crate::plan::{Cell, Plan};
use crate::play::Played;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeSet;
use std::path::Path;

/// One stored game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Its index in its cell.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// The winning side, if any.
    pub winner: Option<usize>,
    /// The winning seats.
    pub winners: Vec<u8>,
    /// The seat that took the first decision.
    pub first: Option<u8>,
    /// Decisions taken.
    pub length: u64,
    /// How it ended.
    pub ending: String,
    /// Every seat's return.
    pub returns: Vec<f64>,
    /// Why the game failed, if it did (it then counts nowhere else).
    pub error: Option<String>,
}

/// One per-figure statistic of a stored game.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureRow {
    /// The game's index in its cell.
    pub index: u64,
    /// The figure's side (0 is seat 1's).
    pub side: usize,
    /// The figure, as the game names it.
    pub figure: String,
    /// What is counted.
    pub stat: String,
    /// A yes or no (0 or 1), shown as a rate.
    pub rate: bool,
    /// The number.
    pub value: f64,
}

/// An open results file.
pub struct Store {
    db: Connection,
}

fn run_err(e: impl std::fmt::Display) -> LabError {
    LabError::Run(format!("results file: {e}"))
}

impl Store {
    /// Opens (creating if needed) the results file at `path`.
    pub fn open(path: &Path) -> Result<Store, LabError> {
        let db = Connection::open(path).map_err(run_err)?;
        db.busy_timeout(std::time::Duration::from_secs(30)).map_err(run_err)?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS experiment (
                 hash TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, think REAL NOT NULL,
                 name TEXT NOT NULL, file TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS cell (
                 hash TEXT NOT NULL, key TEXT NOT NULL, variant TEXT NOT NULL, players INTEGER NOT NULL,
                 bots TEXT NOT NULL, seed INTEGER NOT NULL, PRIMARY KEY (hash, key));
             CREATE TABLE IF NOT EXISTS game (
                 hash TEXT NOT NULL, cell TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL,
                 winner INTEGER, winners TEXT NOT NULL, first INTEGER, length INTEGER NOT NULL,
                 ending TEXT NOT NULL, returns TEXT NOT NULL, error TEXT,
                 PRIMARY KEY (hash, cell, idx));
             CREATE TABLE IF NOT EXISTS figure (
                 hash TEXT NOT NULL, cell TEXT NOT NULL, idx INTEGER NOT NULL, side INTEGER NOT NULL,
                 figure TEXT NOT NULL, stat TEXT NOT NULL, rate INTEGER NOT NULL, value REAL NOT NULL,
                 PRIMARY KEY (hash, cell, idx, figure, stat));",
        )
        .map_err(run_err)?;
        Ok(Store { db })
    }

    /// Opens an existing results file, read only.
    pub fn open_existing(path: &Path) -> Result<Store, LabError> {
        if !path.exists() {
            return Err(LabError::Input(format!(
                "no results file at {}: run the experiment first (arbiter lab run)",
                path.display()
            )));
        }
        Store::open(path)
    }

    /// Records the experiment and its cells (what a reader of the file needs
    /// to know what the games were).
    pub fn register(&self, plan: &Plan) -> Result<(), LabError> {
        self.db
            .execute(
                "INSERT OR REPLACE INTO experiment (hash, game, seed, think, name, file) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![plan.hash, plan.game, plan.seed as i64, plan.think, plan.name, plan.text],
            )
            .map_err(run_err)?;
        for c in &plan.cells {
            self.db
                .execute(
                    "INSERT OR IGNORE INTO cell (hash, key, variant, players, bots, seed) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![plan.hash, c.key, c.variant, c.players as i64, c.seat_bots.join(","), c.seed as i64],
                )
                .map_err(run_err)?;
        }
        Ok(())
    }

    /// Stores a finished (or failed) game; a game already stored is kept.
    pub fn insert(&self, hash: &str, cell: &Cell, index: u64, result: &Result<Played, String>) -> Result<(), LabError> {
        let seed = cell.game_seed(index) as i64;
        let (winner, winners, first, length, ending, returns, error) = match result {
            Ok(p) => (
                p.winner.map(|w| w as i64),
                serde_json::to_string(&p.winners.iter().map(|s| s.0).collect::<Vec<_>>()).map_err(run_err)?,
                p.first.map(|s| s.0 as i64),
                p.length as i64,
                p.ending.clone(),
                serde_json::to_string(&p.returns).map_err(run_err)?,
                None,
            ),
            Err(e) => (None, "[]".into(), None, 0, "failed".into(), "[]".into(), Some(e.clone())),
        };
        // The game and its figures' statistics go in together, or not at all.
        let tx = self.db.unchecked_transaction().map_err(run_err)?;
        let new = tx
            .execute(
                "INSERT OR IGNORE INTO game (hash, cell, idx, seed, winner, winners, first, length, ending, returns, error)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![hash, cell.key, index as i64, seed, winner, winners, first, length, ending, returns, error],
            )
            .map_err(run_err)?;
        if let (Ok(p), 1) = (result, new) {
            let mut q = tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO figure (hash, cell, idx, side, figure, stat, rate, value)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )
                .map_err(run_err)?;
            for f in &p.figures {
                q.execute(params![hash, cell.key, index as i64, f.side as i64, f.figure, f.stat, f.rate, f.value])
                    .map_err(run_err)?;
            }
        }
        tx.commit().map_err(run_err)?;
        Ok(())
    }

    /// The indices of a cell's stored games.
    pub fn indices(&self, hash: &str, cell: &str) -> Result<BTreeSet<u64>, LabError> {
        let mut q = self.db.prepare_cached("SELECT idx FROM game WHERE hash = ?1 AND cell = ?2").map_err(run_err)?;
        let rows = q.query_map(params![hash, cell], |r| r.get::<_, i64>(0)).map_err(run_err)?;
        rows.map(|r| r.map(|i| i as u64).map_err(run_err)).collect()
    }

    /// A cell's stored games below index `below`, in index order.
    pub fn games(&self, hash: &str, cell: &str, below: u64) -> Result<Vec<GameRow>, LabError> {
        let mut q = self
            .db
            .prepare_cached(
                "SELECT idx, seed, winner, winners, first, length, ending, returns, error FROM game
                 WHERE hash = ?1 AND cell = ?2 AND idx < ?3 ORDER BY idx",
            )
            .map_err(run_err)?;
        let rows = q
            .query_map(params![hash, cell, below.min(i64::MAX as u64) as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, String>(7)?,
                    r.get::<_, Option<String>>(8)?,
                ))
            })
            .map_err(run_err)?;
        let mut out = Vec::new();
        for row in rows {
            let (index, seed, winner, winners, first, length, ending, returns, error) = row.map_err(run_err)?;
            out.push(GameRow {
                index: index as u64,
                seed: seed as u64,
                winner: winner.map(|w| w as usize),
                winners: serde_json::from_str(&winners).map_err(run_err)?,
                first: first.map(|f| f as u8),
                length: length as u64,
                ending,
                returns: serde_json::from_str(&returns).map_err(run_err)?,
                error,
            });
        }
        Ok(out)
    }

    /// The per-figure statistics of a cell's games below index `below`, in
    /// index order (games of games that report none have none).
    pub fn figures(&self, hash: &str, cell: &str, below: u64) -> Result<Vec<FigureRow>, LabError> {
        let mut q = self
            .db
            .prepare_cached(
                "SELECT idx, side, figure, stat, rate, value FROM figure
                 WHERE hash = ?1 AND cell = ?2 AND idx < ?3 ORDER BY idx, rowid",
            )
            .map_err(run_err)?;
        let rows = q
            .query_map(params![hash, cell, below.min(i64::MAX as u64) as i64], |r| {
                Ok(FigureRow {
                    index: r.get::<_, i64>(0)? as u64,
                    side: r.get::<_, i64>(1)? as usize,
                    figure: r.get(2)?,
                    stat: r.get(3)?,
                    rate: r.get(4)?,
                    value: r.get(5)?,
                })
            })
            .map_err(run_err)?;
        rows.map(|r| r.map_err(run_err)).collect()
    }

    /// Every stored game of the experiment `hash` as one line of text each,
    /// in key order, then every per-figure statistic: what two runs are
    /// compared by.
    pub fn dump(&self, hash: &str) -> Result<Vec<String>, LabError> {
        let mut q = self
            .db
            .prepare(
                "SELECT cell, idx, seed, winner, winners, first, length, ending, returns, error FROM game
                 WHERE hash = ?1 ORDER BY cell, idx",
            )
            .map_err(run_err)?;
        let rows = q
            .query_map(params![hash], |r| {
                let cols: Vec<String> = (0..10)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
                    .collect::<Result<_, _>>()?;
                Ok(cols.join(" | "))
            })
            .map_err(run_err)?;
        let mut lines: Vec<String> = rows.map(|r| r.map_err(run_err)).collect::<Result<_, _>>()?;
        let mut q = self
            .db
            .prepare("SELECT cell, idx, side, figure, stat, rate, value FROM figure WHERE hash = ?1 ORDER BY cell, idx, figure, stat")
            .map_err(run_err)?;
        let figures = q
            .query_map(params![hash], |r| {
                let cols: Vec<String> = (0..7)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
                    .collect::<Result<_, _>>()?;
                Ok(format!("figure | {}", cols.join(" | ")))
            })
            .map_err(run_err)?;
        for f in figures {
            lines.push(f.map_err(run_err)?);
        }
        Ok(lines)
    }

    /// The number of games stored for the experiment `hash`.
    pub fn count(&self, hash: &str) -> Result<u64, LabError> {
        self.db
            .query_row("SELECT COUNT(*) FROM game WHERE hash = ?1", params![hash], |r| r.get::<_, i64>(0))
            .optional()
            .map(|n| n.unwrap_or(0) as u64)
            .map_err(run_err)
    }
}
