//! A game's entry in the registration table: everything the front ends (the
//! command line, the server, the lobby, the replay viewer) need to offer a
//! game without knowing it — names, options with their help, seat counts,
//! bots, the notation both ways and events in words.
//!
//! A game crate implements [`Entry`] for its game; the table itself (the
//! `arbiter-games` crate) lists one line per game, and every front end reads
//! it. Options map one to one onto the variant: an option's `key` is a field
//! of the variant's JSON (what the lobby sends) and a switch of the
//! command line's `--variant` text (`loop`, `mode=battle`), and options
//! with a value are also flags of their own (`--mode battle`).

use crate::{Evaluate, OutcomeKind, Seat, ToMove};
use serde::Serialize;
use std::fmt::{Display, Write as _};
use std::hash::Hash;

/// What the front ends show and offer for a game.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct About {
    /// Other names the command line accepts (`ep`, `worlds`).
    pub aliases: &'static [&'static str],
    /// One sentence for the lobby.
    pub blurb: &'static str,
    /// The numbers of seats the game is played with.
    pub seats: &'static [usize],
    /// The number of seats when none is asked for.
    pub default_seats: usize,
    /// Variant and edition options.
    pub options: &'static [GameOption],
    /// The bots offered to people, weakest first.
    pub bots: &'static [BotChoice],
    /// The bot proposed by default: the command line's `--vs auto`, the
    /// lobby's first choice (the strongest that answers quickly).
    pub default_bot: &'static str,
}

/// One variant or edition option.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameOption {
    /// The variant's JSON field, and the switch or flag name on the command
    /// line (`_` reads as `-` there: `turn_order` is `--turn-order`).
    pub key: &'static str,
    /// A short label for forms.
    pub label: &'static str,
    /// What it does, for help texts.
    pub help: &'static str,
    /// Its kind and values.
    pub kind: OptionKind,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionKind {
    /// On or off: the switch `key` in `--variant`, `true` in JSON.
    Flag,
    /// One of several values (`--key value`, a JSON string). The first is
    /// the default; a value `""` leaves the field out of the JSON.
    Choice {
        /// The values, with labels.
        choices: &'static [Choice],
    },
    /// A whole number (`--key 5`, a JSON number).
    Number {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// The default.
        default: i64,
    },
    /// A file or a built-in name, on the command line only (`--key FILE`);
    /// a web table may offer an editor of its own.
    File {
        /// Built-in names.
        presets: &'static [Choice],
    },
}

/// A value of an option, with its label.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Choice {
    /// The value as typed and as sent.
    pub value: &'static str,
    /// For people.
    pub label: &'static str,
}

/// A bot offered to people.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BotChoice {
    /// For people ("Medium (MCTS, 200 iterations)").
    pub label: &'static str,
    /// The bot description (`mcts:iters=200`).
    pub spec: &'static str,
}

/// A game listed in the registration table.
pub trait Entry: Evaluate<State: Hash + Eq, Observation: Hash, Event: Display> {
    /// Names, options, seats and bots.
    fn about() -> About;
    /// Reads comma-separated variant switches and `key=value` options
    /// (`loop,determined`, `mode=battle,walls=fixed`; empty or `standard`
    /// for the standard game).
    fn parse_variant(text: &str) -> Result<Self::Variant, String>;
    /// The variant in a few words, for headers.
    fn variant_label(variant: &Self::Variant) -> String;
    /// Reads an action typed by a person, in the game's notation.
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Self::Action, String>;
    /// Writes an action in the game's notation (what [`Entry::parse_action`] reads).
    fn action_text(&self, action: &Self::Action) -> String;
    /// A short guide to the notation.
    fn notation_help(&self) -> &'static str;
    /// An event in plain words; `state` is the table just after it.
    fn event_text(&self, _state: &Self::State, event: &Self::Event) -> String {
        event.to_string()
    }
    /// Which side of a two-sided contest a seat plays for (its team);
    /// simulations give one bot to each side.
    fn side_of(&self, seat: Seat) -> usize {
        seat.index() % 2
    }
    /// Text shown once when a game starts (a quest's story), if any.
    fn intro(&self) -> Option<String> {
        None
    }
    /// A plain-text picture of what a viewer sees, for the terminal. The
    /// default prints the observation as indented JSON.
    fn picture(&self, observation: &Self::Observation) -> String {
        serde_json::to_string_pretty(observation).unwrap_or_default()
    }
    /// Writes the TypeScript declarations of the game's observation, action
    /// and event types (and what they use) into `dir`, with ts-rs, for the
    /// web app ([`export_type`] writes one). The default writes nothing.
    fn export_typescript(_dir: &std::path::Path) -> Result<(), String> {
        Ok(())
    }
    /// For games whose actions have a fixed integer index (OpenSpiel's
    /// `num_distinct_actions`): how many indices there are. `None` (the
    /// default) for games whose actions are not numbered once for all; they
    /// get stable numbers from an [`crate::ActionCodebook`] instead.
    fn num_distinct_actions(&self) -> Option<usize> {
        None
    }
    /// The fixed index of `action`, in `0..num_distinct_actions()`, when the
    /// game numbers its actions (see [`Entry::num_distinct_actions`]).
    fn action_index(&self, _action: &Self::Action) -> Option<usize> {
        None
    }
    /// The shape of [`Entry::observation_tensor`] for games that define one
    /// (a flat vector is `[n]`); `None` (the default) when not defined.
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        None
    }
    /// A seat's observation as numbers, for learning agents: the values of
    /// a tensor of [`Entry::observation_tensor_shape`], row-major. Built from
    /// an observation, so it shows only what that viewer may see.
    fn observation_tensor(&self, _observation: &Self::Observation) -> Option<Vec<f32>> {
        None
    }
    /// One line on whose decision it is.
    fn prompt(&self, state: &Self::State) -> String {
        match self.to_move(state) {
            ToMove::Seat(s) => format!("{s} to decide"),
            ToMove::Together(set) => format!("{set} choose in secret"),
            ToMove::Chance => "Dice".into(),
            ToMove::Over => match self.outcome(state) {
                Some(o) => format!("Game over: {}", o.reason),
                None => "Game over".into(),
            },
        }
    }
    /// A short word for how a finished game ended, tallied by simulations.
    fn ending_label(&self, state: &Self::State) -> String {
        match self.outcome(state).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if !w.is_empty() => format!("side {} won", self.side_of(w[0]) + 1),
            Some(OutcomeKind::Win(_)) => "nobody won".into(),
            Some(OutcomeKind::Draw) => "draw".into(),
            None => "unfinished".into(),
        }
    }
    /// Measures between two spots typed by a person (figures, points, …)
    /// without changing anything, for players who move real pieces on a
    /// real table: the game's answer as JSON, an error in words if a spot
    /// does not read, or `None` for a game without measurements (the
    /// default).
    fn measure(&self, _state: &Self::State, _a: &str, _b: &str) -> Option<Result<serde_json::Value, String>> {
        None
    }
    /// What a tracker beside a real table shows of `state` beyond the
    /// observation, worked out by the rules (Ephemeral Path's gate score if
    /// the game ended now), as JSON; `None` for a game with nothing to add
    /// (the default).
    fn tracker(&self, _state: &Self::State) -> Option<serde_json::Value> {
        None
    }
    /// Per-figure statistics of a finished game, for the balance laboratory
    /// (`arbiter lab`): numbers about each figure or kind of unit, worked
    /// out from the final state and every event the game emitted, in order.
    /// A game that reports none gives none (the default).
    fn figure_stats(&self, _end: &Self::State, _events: &[Self::Event]) -> Vec<FigureStat> {
        Vec::new()
    }
}

/// One number about one figure (or kind of unit) in one finished game:
/// what [`Entry::figure_stats`] reports.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct FigureStat {
    /// The side the figure played for (0 is seat 1's).
    pub side: usize,
    /// The figure, named so that figures of different sides or sets differ
    /// where that matters ("Ember Court: Cinder", "side 2 squads").
    pub figure: String,
    /// What is counted ("kills", "survived").
    pub stat: String,
    /// True for a yes or no (`value` 0 or 1: "survived"), shown as a rate;
    /// false for a count or an amount, shown as a mean per game.
    pub rate: bool,
    /// The number.
    pub value: f64,
}

impl About {
    /// The option with this key (`-` and `_` alike).
    pub fn option(&self, key: &str) -> Option<&'static GameOption> {
        let key = key.replace('-', "_");
        self.options.iter().find(|o| o.key.eq_ignore_ascii_case(&key))
    }

    /// The options in words, one per line, for help texts.
    pub fn options_help(&self) -> String {
        let mut out = String::new();
        for o in self.options {
            let values = match o.kind {
                OptionKind::Flag => format!("switch {}", o.key),
                OptionKind::Choice { choices } => {
                    let v: Vec<&str> = choices.iter().map(|c| if c.value.is_empty() { "-" } else { c.value }).collect();
                    format!("--{} {}", o.key.replace('_', "-"), v.join("|"))
                }
                OptionKind::Number { min, max, default } => {
                    format!("--{} {min}..{max} (default {default})", o.key.replace('_', "-"))
                }
                OptionKind::File { presets } => {
                    let v: Vec<&str> = presets.iter().map(|c| c.value).collect();
                    let names = if v.is_empty() { String::new() } else { format!("|{}", v.join("|")) };
                    format!("--{} FILE{names}", o.key.replace('_', "-"))
                }
            };
            let _ = writeln!(out, "  {values:<40} {}", o.help);
        }
        out
    }
}

/// Writes the TypeScript declaration of `T`, and of every type it uses, into
/// `dir` with ts-rs: what a game's [`Entry::export_typescript`] calls for its
/// observation, action and event types. A type sent as text (a notation,
/// declared `string`) has nothing to write.
pub fn export_type<T: ts_rs::TS + 'static>(dir: &std::path::Path) -> Result<(), String> {
    if T::output_path().is_none() {
        return Ok(());
    }
    // Wide integers (u64) arrive as JSON numbers, not `bigint`s.
    let cfg = ts_rs::Config::new().with_out_dir(dir).with_large_int("number");
    T::export_all(&cfg).map_err(|e| format!("{}: {e}", T::name(&cfg)))
}
