//! What the terminal needs from a game beyond the core API: reading variants
//! and actions typed by people, and drawing the table.

use arbiter_core::{Evaluate, Seat};
use std::hash::Hash;

/// A game the `arbiter` command can play in the terminal.
pub trait TerminalGame: Evaluate<State: Hash + Eq, Event: std::fmt::Display> {
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
    /// Extra variant switches from the `--mode` and `--walls` flags, if the game has them.
    fn flag_switches(mode: Option<&str>, walls: Option<&str>) -> Result<String, String> {
        match (mode, walls) {
            (None, None) => Ok(String::new()),
            _ => Err("--mode and --walls are options of ethia".into()),
        }
    }
}
