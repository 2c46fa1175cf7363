//! The laboratory from Python, for `python -m arbiter.lab FILE --ray ADDRESS`
//! (python/arbiter/lab.py): the driver asks which games an experiment still
//! lacks ([`lab_missing`]), Ray workers play them in batches ([`lab_play`]),
//! and the driver stores each batch's results as it arrives ([`lab_store`])
//! in the experiment's SQLite results file.
//!
//! A game's seed comes from the experiment's seed, its cell and its index
//! (`Cell::game_seed`), so a batch gives the same games on any worker, and
//! the results are those of a local `arbiter lab run`. The results file
//! keeps one row per (experiment, cell, index): a batch played twice (a
//! worker died after playing it, and Ray ran it again) stores nothing twice.

use arbiter_ai::BotSpec;
use arbiter_core::{Entry, Seat};
use arbiter_games::Visitor;
use arbiter_lab::play::{EntryLabels, Played, play_recorded};
use arbiter_lab::run::{Status, status};
use arbiter_lab::store::Store;
use arbiter_lab::{LabError, Plan, Quiet, RunOptions};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde_json::{Value, json};
use std::panic::AssertUnwindSafe;
use std::path::Path;

fn lab_err(e: LabError) -> PyErr {
    match e {
        LabError::Input(m) => PyValueError::new_err(m),
        LabError::Run(m) => PyRuntimeError::new_err(m),
    }
}

/// The experiment from its text, its directory and its file's stem (what a
/// worker gets, so that it needs no file of its own).
fn plan_of(text: &str, dir: &str, stem: &str) -> PyResult<Plan> {
    Plan::from_text(text, Path::new(dir), stem).map_err(lab_err)
}

/// What [`lab_missing`] gives: the experiment's text, directory and stem,
/// its results file, and the games the next round lacks.
pub type Missing = (String, String, String, String, Vec<(usize, u64)>);

/// Reads the experiment at `path` and registers it in its results file;
/// gives `(text, dir, stem, results file, missing)`, `missing` being the
/// `(cell, index)` of every game the next round lacks (empty when every cell
/// has played enough; an experiment that stops by precision asks again after
/// each round).
#[pyfunction]
#[pyo3(signature = (path, results = None))]
pub fn lab_missing(path: &str, results: Option<&str>) -> PyResult<Missing> {
    let p = Path::new(path);
    let mut plan = Plan::load(p).map_err(lab_err)?;
    if let Some(r) = results {
        plan.results = r.into();
    }
    let store = Store::open(&plan.results).map_err(lab_err)?;
    store.register(&plan).map_err(lab_err)?;
    let mut jobs = Vec::new();
    for (k, cell) in plan.cells.iter().enumerate() {
        if let Status::Needs(missing) = status(&store, &plan, cell).map_err(lab_err)? {
            jobs.extend(missing.into_iter().map(|i| (k, i)));
        }
    }
    // Cells advance together, as in a local run: game 0 of every cell first.
    jobs.sort_by_key(|&(k, i)| (i, k));
    let dir = p.parent().unwrap_or(Path::new(".")).display().to_string();
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("experiment").to_string();
    Ok((plan.text.clone(), dir, stem, plan.results.display().to_string(), jobs))
}

/// Plays the games `jobs` (`(cell, index)` pairs) of the experiment given
/// by its text; gives their results as JSON, for [`lab_store`].
#[pyfunction]
pub fn lab_play(py: Python<'_>, text: &str, dir: &str, stem: &str, jobs: Vec<(usize, u64)>) -> PyResult<String> {
    let plan = plan_of(text, dir, stem)?;
    let out = py.detach(|| {
        arbiter_games::find(&plan.game, &mut Batch { plan: &plan, jobs: &jobs })
            .unwrap_or_else(|| Err(LabError::Input(format!("unknown game '{}'", plan.game))))
    });
    out.map_err(lab_err)
}

/// Stores the results of [`lab_play`] in the experiment's results file (or
/// in `into`); gives how many of them were new (a game already stored is kept).
#[pyfunction]
#[pyo3(signature = (text, dir, stem, results, into = None))]
pub fn lab_store(text: &str, dir: &str, stem: &str, results: &str, into: Option<&str>) -> PyResult<usize> {
    let mut plan = plan_of(text, dir, stem)?;
    if let Some(r) = into {
        plan.results = r.into();
    }
    let store = Store::open(&plan.results).map_err(lab_err)?;
    let rows: Vec<Value> = serde_json::from_str(results).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut new = 0;
    for row in rows {
        let (Some(k), Some(index)) = (row["cell"].as_u64(), row["index"].as_u64()) else {
            return Err(PyValueError::new_err("a result without its cell and index"));
        };
        let Some(cell) = plan.cells.get(k as usize) else {
            return Err(PyValueError::new_err(format!("the experiment has no cell {k}")));
        };
        let had = store.indices(&plan.hash, &cell.key).map_err(lab_err)?.contains(&index);
        let result = match row.get("error").and_then(Value::as_str) {
            Some(e) => Err(e.to_string()),
            None => Ok(played_from(&row)),
        };
        store.insert(&plan.hash, cell, index, &result).map_err(lab_err)?;
        new += usize::from(!had);
    }
    Ok(new)
}

/// Runs the experiment at `path` here, on `threads` threads, into
/// `results` (or its own results file): the local run the Ray run must equal.
#[pyfunction]
#[pyo3(signature = (path, threads = 1, results = None))]
pub fn lab_run_local(py: Python<'_>, path: &str, threads: usize, results: Option<&str>) -> PyResult<u64> {
    let mut plan = Plan::load(Path::new(path)).map_err(lab_err)?;
    if let Some(r) = results {
        plan.results = r.into();
    }
    let summary = py.detach(|| {
        arbiter_lab::run(&plan, &EntryLabels, &RunOptions { threads: threads.max(1), limit: None, stop: None }, &Quiet)
    });
    Ok(summary.map_err(lab_err)?.stored)
}

/// Every stored game of the experiment at `path` in `results` (or its own
/// results file), one line each in a fixed order, for comparing runs.
#[pyfunction]
#[pyo3(signature = (path, results = None))]
pub fn lab_dump(path: &str, results: Option<&str>) -> PyResult<Vec<String>> {
    let plan = Plan::load(Path::new(path)).map_err(lab_err)?;
    let file = results.map_or(plan.results.clone(), Into::into);
    let store = Store::open_existing(&file).map_err(lab_err)?;
    store.dump(&plan.hash).map_err(lab_err)
}

/// Plays a batch of one experiment's games.
struct Batch<'a> {
    plan: &'a Plan,
    jobs: &'a [(usize, u64)],
}

impl Visitor for Batch<'_> {
    type Output = Result<String, LabError>;

    fn visit<G: Entry>(&mut self) -> Self::Output {
        let mut rows = Vec::new();
        for &(k, index) in self.jobs {
            let cell = self.plan.cells.get(k).ok_or_else(|| LabError::Input(format!("no cell {k}")))?;
            let variant = G::parse_variant(&cell.variant).map_err(LabError::Input)?;
            let game = G::new(variant, cell.players).map_err(|e| LabError::Input(e.to_string()))?;
            let bots: Vec<BotSpec> = cell
                .seat_bots
                .iter()
                .map(|b| b.parse().map_err(|e: arbiter_ai::SpecError| LabError::Input(e.to_string())))
                .collect::<Result<_, _>>()?;
            let seats: Vec<&BotSpec> = bots.iter().collect();
            let mut decisions = Vec::new();
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
                play_recorded(&game, &seats, cell.game_seed(index), self.plan.think, &EntryLabels, &mut decisions)
            }))
            .unwrap_or_else(|_| Err(format!("decision {}: panicked", decisions.len())));
            rows.push(match result {
                Ok(p) => json!({
                    "cell": k, "index": index, "winner": p.winner,
                    "winners": p.winners.iter().map(|s| s.0).collect::<Vec<_>>(),
                    "length": p.length, "ending": p.ending, "returns": p.returns,
                    "first": p.first.map(|s| s.0), "figures": p.figures,
                }),
                Err(e) => json!({ "cell": k, "index": index, "error": e }),
            });
        }
        serde_json::to_string(&rows).map_err(|e| LabError::Run(e.to_string()))
    }
}

/// A game's result back from its JSON row.
fn played_from(row: &Value) -> Played {
    let seat = |v: &Value| v.as_u64().map(|s| Seat(s as u8));
    Played {
        winner: row["winner"].as_u64().map(|w| w as usize),
        winners: row["winners"].as_array().map(|a| a.iter().filter_map(seat).collect()).unwrap_or_default(),
        length: row["length"].as_u64().unwrap_or(0),
        ending: row["ending"].as_str().unwrap_or_default().to_string(),
        returns: row["returns"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default(),
        first: seat(&row["first"]),
        figures: serde_json::from_value(row["figures"].clone()).unwrap_or_default(),
    }
}
