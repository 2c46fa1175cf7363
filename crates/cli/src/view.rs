//! What the terminal needs from a game beyond the core API: reading variants
//! and actions typed by people, and drawing the table.

use crate::GameFlags;
use arbiter_core::{Evaluate, OutcomeKind, Seat};
use arbiter_geometry::{Cell, Dir, Edge, Grid, Side, Walls};
use std::hash::Hash;

/// The file letters above a square-grid board, three characters a square.
pub fn grid_files(g: &Grid) -> String {
    let files: String = (0..g.width()).map(|f| format!("  {} ", (b'a' + f) as char)).collect();
    format!("    {files}\n")
}

/// The line between rank `r` and the rank above it (`None` for the outer
/// edge): `===` where a wall lies, `---` elsewhere.
pub fn grid_border(g: &Grid, walls: &Walls, r: Option<i32>) -> String {
    let mut line = String::from("   +");
    for f in 0..i32::from(g.width()) {
        let wall = r.and_then(|r| g.cell(f, r)).is_some_and(|c| walls.contains(Edge { cell: c, side: Side::North }));
        line.push_str(if wall { "===" } else { "---" });
        line.push('+');
    }
    line.push('\n');
    line
}

/// What follows square `c` in file `f` on its row: the board's edge `|`, a
/// wall `#`, or a space.
pub fn grid_east(g: &Grid, walls: &Walls, c: Cell, f: i32) -> char {
    if f + 1 == i32::from(g.width()) {
        '|'
    } else if g.crosses_wall(walls, c, Dir::E) {
        '#'
    } else {
        ' '
    }
}

/// Refuses every game flag not in `allowed` (`mode`, `walls`, `quest`,
/// `leaders`, `party`, `edition`, `set1`, `set2`, `terrain`).
pub fn no_flags(flags: &GameFlags, allowed: &[&str]) -> Result<String, String> {
    let given = [
        ("mode", flags.mode.is_some(), "--mode and --walls are options of ethia"),
        ("walls", flags.walls.is_some(), "--mode and --walls are options of ethia"),
        ("quest", flags.quest.is_some(), "--quest and --leaders are options of ethia-worlds"),
        ("leaders", flags.leaders.is_some(), "--quest and --leaders are options of ethia-worlds"),
        ("party", flags.party.is_some(), "--party is an option of ethia-worlds"),
        ("edition", flags.edition.is_some(), "--edition, --set1 and --set2 are options of ephemeral"),
        ("set1", flags.set1.is_some(), "--edition, --set1 and --set2 are options of ephemeral"),
        ("set2", flags.set2.is_some(), "--edition, --set1 and --set2 are options of ephemeral"),
        ("terrain", flags.terrain.is_some(), "--terrain is an option of ephemeral"),
    ];
    match given.iter().find(|(name, set, _)| *set && !allowed.contains(name)) {
        Some((_, _, why)) => Err((*why).to_string()),
        None => Ok(String::new()),
    }
}

/// A game the `arbiter` command can play in the terminal.
pub trait TerminalGame: Evaluate<State: Hash + Eq, Observation: Hash, Event: std::fmt::Display> {
    /// Parses the `--variant` text.
    fn parse_variant(text: &str) -> Result<Self::Variant, String>;
    /// The variant as `--variant` text.
    fn variant_label(variant: &Self::Variant) -> String;
    /// Draws the table; `color` allows ANSI colours.
    fn render(&self, state: &Self::State, color: bool) -> String;
    /// One line on whose decision it is and what it is about.
    fn prompt(&self, state: &Self::State) -> String;
    /// Parses an action typed by a person.
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Self::Action, String>;
    /// Writes an action as a person would type it.
    fn action_text(&self, action: &Self::Action) -> String;
    /// A short guide to the action notation.
    fn notation_help(&self) -> &'static str;
    /// Which side of a two-sided contest a seat plays for (its team); `sim`
    /// gives `--p1` to side 0 and `--p2` to side 1.
    fn side_of(&self, seat: Seat) -> usize {
        seat.index() % 2
    }
    /// Players when `--players` is not given.
    const DEFAULT_SEATS: usize = 2;
    /// Extra variant switches from the game's own flags (`--mode`, `--walls`,
    /// `--quest`, `--leaders`); a flag the game does not have is an error.
    fn flag_switches(flags: &GameFlags) -> Result<String, String> {
        no_flags(flags, &[])
    }
    /// The bot `--vs auto` plays: the strongest for the game (docs/ai.md).
    fn auto_bot(&self) -> &'static str {
        if !self.has_chance() && !self.has_hidden_information() { "alphabeta" } else { "mcts" }
    }
    /// Text shown once when a game starts (a quest's story), if any.
    fn intro(&self) -> Option<String> {
        None
    }
    /// An event in plain words; `state` is the table just after it.
    fn event_text(&self, _state: &Self::State, event: &Self::Event) -> String {
        event.to_string()
    }
    /// Answers a line typed at the prompt that asks about the table without
    /// being a decision (Ephemeral's `measure a C`); `None` if the line is
    /// not such a question. Players may ask at any time, and nothing changes.
    fn query(&self, _state: &Self::State, _line: &str) -> Option<String> {
        None
    }
    /// A short word for how a finished game ended, tallied by `arbiter sim`.
    fn ending_label(&self, state: &Self::State) -> String {
        match self.outcome(state).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if !w.is_empty() => format!("side {} won", self.side_of(w[0]) + 1),
            Some(OutcomeKind::Win(_)) => "nobody won".into(),
            Some(OutcomeKind::Draw) => "draw".into(),
            None => "unfinished".into(),
        }
    }
}
