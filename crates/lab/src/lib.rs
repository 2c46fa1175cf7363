//! The balance laboratory: experiments as files, reports as pictures.
//!
//! An experiment file (TOML, [`experiment`]) names a game of the
//! registration table, a grid of what varies and how many games each cell
//! plays (a count, or until its win rates are known precisely enough);
//! [`plan`] crosses the grid out and has the game check every cell; [`run`]
//! plays the missing games on every core, storing each as it finishes in a
//! SQLite results file ([`store`]) so a run can be stopped and resumed;
//! [`report`] draws the results as one HTML page of SVG plots made with
//! `plotters`, with the numbers behind every plot ([`stats`]) and the
//! games' per-figure statistics ([`figures`]). [`play`] is
//! the bot-against-bot game loop shared with `arbiter sim` and
//! `arbiter tournament`.
//!
//! The format and the reasoning are in `docs/lab.md`.

pub mod experiment;
pub mod figures;
pub mod plan;
pub mod play;
pub mod plots;
pub mod report;
pub mod run;
pub mod stats;
pub mod store;

pub use plan::{Cell, Plan, Stop};
pub use run::{Progress, Quiet, RunOptions, RunSummary, run};

/// What went wrong, with the exit code it deserves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabError {
    /// A bad experiment file or argument (exit code 2); nothing was written.
    Input(String),
    /// A failure while running or reporting (exit code 1).
    Run(String),
}

impl std::fmt::Display for LabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabError::Input(m) | LabError::Run(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LabError {}
