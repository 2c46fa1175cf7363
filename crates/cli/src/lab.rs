//! `arbiter lab run FILE` and `arbiter lab report FILE`: the balance
//! laboratory's front end (the work is the `arbiter-lab` crate's). A run
//! shows a progress bar with the time left; a report is written beside the
//! experiment file unless `--out` says where.

use crate::Failure;
use crate::sim::ViewLabels;
use arbiter_lab::{LabError, Plan, Progress, RunOptions};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

impl From<LabError> for Failure {
    fn from(e: LabError) -> Failure {
        match e {
            LabError::Input(m) => Failure::Input(m),
            LabError::Run(m) => Failure::Run(m),
        }
    }
}

/// An indicatif progress bar.
struct Bar(ProgressBar);

impl Progress for Bar {
    fn plan(&self, done: u64, total: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        self.0.reset_eta();
    }
    fn game(&self) {
        self.0.inc(1);
    }
    fn note(&self, line: String) {
        self.0.println(line);
    }
}

/// Loads the experiment, with `results` in place of its results file.
fn load(file: &Path, results: Option<PathBuf>) -> Result<Plan, Failure> {
    let mut plan = Plan::load(file)?;
    if let Some(r) = results {
        plan.results = r;
    }
    Ok(plan)
}

/// Runs `arbiter lab run`.
pub fn run(file: &Path, threads: usize, results: Option<PathBuf>) -> Result<(), Failure> {
    let plan = load(file, results)?;
    let bar = ProgressBar::new(plan.max_games() * plan.cells.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, about {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let summary =
        arbiter_lab::run(&plan, &ViewLabels, &RunOptions { threads, limit: None, stop: None }, &Bar(bar.clone()))?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{}: {} games played now ({:.1} games/s), {} stored in {}",
        plan.name,
        summary.played,
        if secs > 0.0 { summary.played as f64 / secs } else { 0.0 },
        summary.stored,
        plan.results.display()
    );
    println!("report: arbiter lab report {}", file.display());
    if summary.failed > 0 {
        return Err(Failure::Run(format!(
            "{} games failed; they are stored with their error and counted nowhere",
            summary.failed
        )));
    }
    Ok(())
}

/// Runs `arbiter lab report`.
pub fn report(file: &Path, out: Option<PathBuf>, results: Option<PathBuf>) -> Result<(), Failure> {
    let plan = load(file, results)?;
    let out = out.unwrap_or_else(|| file.with_extension("html"));
    let command = format!("arbiter lab run {0} && arbiter lab report {0}", file.display());
    let html = arbiter_lab::report::html(&plan, &command)?;
    std::fs::write(&out, html).map_err(|e| Failure::Run(format!("cannot write {}: {e}", out.display())))?;
    println!("{}", out.display());
    Ok(())
}
