//! `arbiter lab run`: plays an experiment's missing games on a pool of
//! threads, storing each game as it finishes.
//!
//! The work goes in rounds. In each, every unfinished cell asks for the
//! games it lacks: all of them for a fixed count, or up to its next
//! checkpoint (a multiple of the batch) when it stops by precision. A cell
//! stopping by precision is judged on the first `k·batch` games only, so
//! whether it stops, and where, depends on the games' results alone — not on
//! the number of threads, the order games finish in, or interruptions.

use crate::LabError;
use crate::plan::{Cell, Plan, Stop};
use crate::play::{Labels, play_recorded};
use crate::stats::{widest_half, z_for};
use crate::store::Store;
use arbiter_ai::BotSpec;
use arbiter_core::Entry;
use arbiter_games::Visitor;
use rayon::prelude::*;
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a run reports as it goes (a progress bar, or nothing).
pub trait Progress: Sync {
    /// The games played so far and the most the run may play.
    fn plan(&self, done: u64, total: u64);
    /// One more game finished.
    fn game(&self);
    /// A line to show (a failed game).
    fn note(&self, line: String);
}

/// No progress shown.
pub struct Quiet;

impl Progress for Quiet {
    fn plan(&self, _: u64, _: u64) {}
    fn game(&self) {}
    fn note(&self, _: String) {}
}

/// How to run.
pub struct RunOptions<'a> {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Stop after this many new games (tests of stopping and resuming).
    pub limit: Option<u64>,
    /// Set to stop soon: games in flight finish and are stored, no new one starts.
    pub stop: Option<&'a AtomicBool>,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// Games played by this run.
    pub played: u64,
    /// Games of the experiment stored in all (this run's and earlier ones).
    pub stored: u64,
    /// Games that failed in this run.
    pub failed: u64,
    /// Whether every cell has played enough.
    pub complete: bool,
}

/// Where a cell stands.
#[derive(Debug, PartialEq, Eq)]
pub enum Status {
    /// It has played enough: its first `n` games count.
    Done(u64),
    /// These games are missing before its next checkpoint.
    Needs(Vec<u64>),
}

/// Where `cell` stands, from what `store` holds.
pub fn status(store: &Store, plan: &Plan, cell: &Cell) -> Result<Status, LabError> {
    let have = store.indices(&plan.hash, &cell.key)?;
    let missing = |upto: u64| (0..upto).filter(|i| !have.contains(i)).collect::<Vec<u64>>();
    match plan.stop {
        Stop::Games(n) => {
            let m = missing(n);
            Ok(if m.is_empty() { Status::Done(n) } else { Status::Needs(m) })
        }
        Stop::Precision(u) => {
            let z = z_for(u.confidence);
            let mut n = 0;
            loop {
                let next = (n + u.batch).min(u.max);
                let m = missing(next);
                if !m.is_empty() {
                    return Ok(Status::Needs(m));
                }
                if next >= u.max
                    || widest_half(&store.games(&plan.hash, &cell.key, next)?, cell.sides, z) <= u.half_width
                {
                    return Ok(Status::Done(next));
                }
                n = next;
            }
        }
    }
}

/// Where every cell stands: the games each counts (`None` while it has not
/// played enough).
pub fn counted(store: &Store, plan: &Plan) -> Result<Vec<Option<u64>>, LabError> {
    plan.cells
        .iter()
        .map(|c| status(store, plan, c).map(|s| if let Status::Done(n) = s { Some(n) } else { None }))
        .collect()
}

/// Runs the experiment `plan`, appending to its results file; labels
/// endings with `labels`.
pub fn run<L: Labels>(
    plan: &Plan,
    labels: &L,
    options: &RunOptions,
    progress: &dyn Progress,
) -> Result<RunSummary, LabError> {
    let store = Store::open(&plan.results)?;
    store.register(plan)?;
    let mut runner = Runner { plan, labels, options, progress, store: Mutex::new(store) };
    arbiter_games::find(&plan.game, &mut runner)
        .unwrap_or_else(|| Err(LabError::Input(format!("unknown game '{}'", plan.game))))
}

struct Runner<'a, L> {
    plan: &'a Plan,
    labels: &'a L,
    options: &'a RunOptions<'a>,
    progress: &'a dyn Progress,
    store: Mutex<Store>,
}

fn lock(store: &Mutex<Store>) -> std::sync::MutexGuard<'_, Store> {
    store.lock().unwrap_or_else(|e| e.into_inner())
}

impl<L: Labels> Visitor for Runner<'_, L> {
    type Output = Result<RunSummary, LabError>;

    fn visit<G: Entry>(&mut self) -> Result<RunSummary, LabError> {
        let plan = self.plan;
        // The games and bots of every cell, built once.
        let mut setups = Vec::new();
        for c in &plan.cells {
            let variant = G::parse_variant(&c.variant).map_err(LabError::Input)?;
            let game = G::new(variant, c.players).map_err(|e| LabError::Input(e.to_string()))?;
            let bots: Vec<BotSpec> = c
                .seat_bots
                .iter()
                .map(|b| b.parse().map_err(|e: arbiter_ai::SpecError| LabError::Input(e.to_string())))
                .collect::<Result<_, _>>()?;
            setups.push((game, bots));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.options.threads)
            .build()
            .map_err(|e| LabError::Run(e.to_string()))?;
        let played = AtomicU64::new(0);
        let failed = AtomicU64::new(0);
        let halt = AtomicBool::new(false);
        loop {
            let mut jobs: Vec<(usize, u64)> = Vec::new();
            let mut done = 0u64;
            let mut total = 0u64;
            {
                let store = lock(&self.store);
                for (k, c) in plan.cells.iter().enumerate() {
                    let have = store.indices(&plan.hash, &c.key)?.len() as u64;
                    match status(&store, plan, c)? {
                        Status::Done(n) => {
                            done += n;
                            total += n;
                        }
                        Status::Needs(missing) => {
                            done += have;
                            total += plan.max_games().max(have);
                            jobs.extend(missing.into_iter().map(|i| (k, i)));
                        }
                    }
                }
            }
            self.progress.plan(done, total);
            if jobs.is_empty() || halt.load(Ordering::SeqCst) {
                let stored = lock(&self.store).count(&plan.hash)?;
                return Ok(RunSummary {
                    played: played.into_inner(),
                    stored,
                    failed: failed.into_inner(),
                    complete: jobs.is_empty(),
                });
            }
            // Cells advance together: game 0 of every cell, then game 1, ….
            jobs.sort_by_key(|&(k, i)| (i, k));
            let result: Result<(), LabError> = pool.install(|| {
                jobs.par_iter().try_for_each(|&(k, i)| {
                    if halt.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    if let Some(limit) = self.options.limit
                        && played.fetch_add(1, Ordering::SeqCst) >= limit
                    {
                        played.fetch_sub(1, Ordering::SeqCst);
                        halt.store(true, Ordering::SeqCst);
                        return Ok(());
                    }
                    if self.options.stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
                        halt.store(true, Ordering::SeqCst);
                        return Ok(());
                    }
                    let (game, bots) = &setups[k];
                    let cell = &plan.cells[k];
                    let seats: Vec<&BotSpec> = bots.iter().collect();
                    let seed = cell.game_seed(i);
                    let mut decisions = Vec::new();
                    let r = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        play_recorded(game, &seats, seed, plan.think, self.labels, &mut decisions)
                    }))
                    .unwrap_or_else(|panic| {
                        let what = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_else(|| "(no message)".into());
                        Err(format!("decision {}: panicked: {what}", decisions.len()))
                    });
                    if let Err(e) = &r {
                        failed.fetch_add(1, Ordering::SeqCst);
                        self.progress.note(format!("FAILED {} game {i} (seed {seed}): {e}", cell.label()));
                    }
                    lock(&self.store).insert(&plan.hash, cell, i, &r)?;
                    if self.options.limit.is_none() {
                        played.fetch_add(1, Ordering::SeqCst);
                    }
                    self.progress.game();
                    Ok(())
                })
            });
            result?;
        }
    }
}
