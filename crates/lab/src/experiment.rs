//! Experiment files: TOML that names a game, a grid of what varies and how
//! many games to play, read with the line of every value kept so that a
//! mistake found later (an unknown bot, an impossible variant) is reported
//! at its line. The format is documented in `docs/lab.md`.

use crate::LabError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// An experiment as written in its file, before the game checks it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// A title for the report.
    pub name: Option<String>,
    /// What the experiment asks, in words, for the report.
    pub question: Option<String>,
    /// The game: an id or an alias of the registration table.
    pub game: Spanned<String>,
    /// The seed every game's seed derives from.
    #[serde(default)]
    pub seed: u64,
    /// Seconds per decision for search bots without a limit of their own
    /// (time-limited bots are not reproducible; prefer `iters` or `nodes`).
    #[serde(default)]
    pub think: f64,
    /// Games per cell (when `until` is absent).
    pub games: Option<Spanned<u64>>,
    /// Stop each cell when its win rates are known precisely enough.
    pub until: Option<Spanned<Until>>,
    /// Variant texts, as `--variant` takes them (`"loop,determined"`).
    pub variants: Option<Spanned<Vec<Spanned<String>>>>,
    /// Options crossed with each other and with `variants`: key → values.
    #[serde(default)]
    pub options: BTreeMap<Spanned<String>, Spanned<Vec<Spanned<OptionValue>>>>,
    /// Numbers of players.
    pub players: Option<Spanned<Vec<Spanned<u64>>>>,
    /// Matchups: each a list of bots, one per side (or one per seat).
    pub matchups: Option<Spanned<Vec<Spanned<Bots>>>>,
    /// Bots playing every ordered pair of two different ones (sides swapped).
    pub round_robin: Option<Spanned<Vec<Spanned<String>>>>,
    /// A round robin of an option's values: two options (the two sides'
    /// figure sets or warbands) take every ordered pair of different values.
    pub pairs: Option<Spanned<Pairs>>,
    /// The results file, relative to the experiment file.
    pub results: Option<String>,
}

/// A matchup's bots, each with its place in the file.
pub type Bots = Vec<Spanned<String>>;

/// A value of an option in `[options]`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum OptionValue {
    /// A switch on or off.
    Flag(bool),
    /// A number.
    Number(i64),
    /// A choice or a file.
    Text(String),
}

/// A round robin between values of two options (`set1` and `set2`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairs {
    /// The option of side 1 (`set1`).
    pub first: String,
    /// The option of side 2 (`set2`).
    pub second: String,
    /// The entrants.
    pub values: Vec<Spanned<String>>,
}

/// Stopping by precision.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Until {
    /// Half the width of every win rate's interval, at most (0.02 is ±2%).
    pub half_width: f64,
    /// The interval's confidence level (0.95 by default).
    #[serde(default = "default_confidence")]
    pub confidence: f64,
    /// Games per cell at most, precise or not.
    #[serde(default = "default_max")]
    pub max: u64,
    /// The precision is looked at after every `batch` games of a cell.
    #[serde(default = "default_batch")]
    pub batch: u64,
}

fn default_confidence() -> f64 {
    0.95
}
fn default_max() -> u64 {
    10_000
}
fn default_batch() -> u64 {
    100
}

/// An error at a place in the file.
pub(crate) fn at(text: &str, span: Range<usize>, reason: impl std::fmt::Display) -> LabError {
    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
    LabError::Input(format!("line {line}: {reason}"))
}

impl Experiment {
    /// Reads an experiment file's text and checks what can be checked
    /// without the game: a game count or a precision, sensible numbers.
    pub fn parse(text: &str) -> Result<Experiment, LabError> {
        let e: Experiment = toml::from_str(text).map_err(|err| {
            let line = err.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            let reason = err.message().trim().to_string();
            LabError::Input(match line {
                Some(line) => format!("line {line}: {reason}"),
                None => reason,
            })
        })?;
        match (&e.games, &e.until) {
            (None, None) => {
                return Err(LabError::Input("line 1: say how many games: `games = N` or `until = { … }`".into()));
            }
            (Some(g), Some(_)) => return Err(at(text, g.span(), "give `games` or `until`, not both")),
            (Some(g), None) if *g.get_ref() == 0 => return Err(at(text, g.span(), "`games` must be at least 1")),
            (None, Some(u)) => {
                let v = u.get_ref();
                if !(v.half_width > 0.0 && v.half_width < 0.5) {
                    return Err(at(text, u.span(), "`half_width` must be between 0 and 0.5"));
                }
                if !(v.confidence > 0.5 && v.confidence < 1.0) {
                    return Err(at(text, u.span(), "`confidence` must be between 0.5 and 1"));
                }
                if v.max == 0 || v.batch == 0 {
                    return Err(at(text, u.span(), "`max` and `batch` must be at least 1"));
                }
            }
            _ => {}
        }
        if !(e.think.is_finite() && e.think >= 0.0) {
            return Err(LabError::Input("`think` must be a number of seconds, 0 or more".into()));
        }
        if let (Some(m), Some(_)) = (&e.matchups, &e.round_robin) {
            return Err(at(text, m.span(), "give `matchups` or `round_robin`, not both"));
        }
        if let (Some(p), Some(_)) = (&e.pairs, &e.round_robin) {
            return Err(at(text, p.span(), "give `pairs` or `round_robin`, not both"));
        }
        if let Some(p) = &e.pairs
            && p.get_ref().values.len() < 2
        {
            return Err(at(text, p.span(), "a round robin needs at least two values"));
        }
        if let Some(r) = &e.round_robin
            && r.get_ref().len() < 2
        {
            return Err(at(text, r.span(), "a round robin needs at least two bots"));
        }
        for list in [&e.variants, &e.round_robin].into_iter().flatten() {
            if list.get_ref().is_empty() {
                return Err(at(text, list.span(), "an empty list leaves nothing to play"));
            }
        }
        if let Some(m) = &e.matchups {
            if m.get_ref().is_empty() {
                return Err(at(text, m.span(), "an empty list leaves nothing to play"));
            }
            for bots in m.get_ref() {
                if bots.get_ref().is_empty() {
                    return Err(at(text, bots.span(), "a matchup needs at least one bot"));
                }
            }
        }
        for (key, values) in &e.options {
            if values.get_ref().is_empty() {
                return Err(at(text, key.span(), "an option needs at least one value"));
            }
        }
        Ok(e)
    }

    /// The number of games a cell plays at most.
    pub fn max_games(&self) -> u64 {
        match (&self.games, &self.until) {
            (Some(g), _) => *g.get_ref(),
            (None, Some(u)) => u.get_ref().max,
            (None, None) => 0,
        }
    }
}
