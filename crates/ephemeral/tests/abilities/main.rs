//! Every ability of the catalogue, played as a person plays it: decisions
//! typed in the terminal's notation (`use a1 A`, `resist 1d4`, `pass`),
//! parsed with the state at hand and applied through the core's `Game` API,
//! exactly as `arbiter play` does. One test per ability at least, each
//! quoting the rulebook's or the catalogue's text; the keywords and the
//! rulings they need (docs/rulings/ephemeral.md, P23–P40) are pinned in
//! `keywords.rs` and `reactions.rs`.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

mod keywords;
mod reactions;
mod uses;

use arbiter_core::{Decision, Game, Roll, Seat, ToMove};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, Format};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::notation::{event_text, format_action, parse_action_in};
use arbiter_ephemeral::{Die, Edition, Ephemeral, Event, Phase, Placed, Pos, State, Variant};

pub const P1: Seat = Seat(0);
pub const P2: Seat = Seat(1);

/// A figure of a test set: class, HP, Movement, Force, Range, abilities.
#[derive(Clone)]
pub struct Fig<'a> {
    pub name: &'a str,
    pub class: &'a str,
    pub hp: u8,
    pub movement: u8,
    pub force: u8,
    pub range: u8,
    pub abilities: &'a [&'a str],
    /// Base diameter in mm.
    pub base_mm: u8,
}

/// A figure of `class` with plain numbers (25 mm base) and these abilities.
pub fn fig<'a>(name: &'a str, class: &'a str, abilities: &'a [&'a str]) -> Fig<'a> {
    let (hp, movement, force, range) = match class {
        "leader" => (10, 5, 8, 4),
        "tactician" => (8, 6, 6, 4),
        "runner" => (5, 8, 4, 3),
        _ => (6, 6, 6, 4),
    };
    Fig { name, class, hp, movement, force, range, abilities, base_mm: 25 }
}

fn set_text(name: &str, figs: &[Fig<'_>]) -> String {
    let mut t = format!("name = \"{name}\"\n");
    for f in figs {
        let abilities: Vec<String> = f.abilities.iter().map(|a| format!("\"{a}\"")).collect();
        t.push_str(&format!(
            "\n[[figure]]\nname = \"{}\"\nclass = \"{}\"\nbase_mm = {}\nhp = {}\nmovement = {}\nforce = {}\nrange = {}\nabilities = [{}]\n",
            f.name,
            f.class,
            f.base_mm,
            f.hp,
            f.movement,
            f.force,
            f.range,
            abilities.join(", ")
        ));
    }
    t
}

/// A game of two test sets (P1's figures are a b c, P2's A B C).
pub fn game_of(edition: Edition, p1: &[Fig<'_>], p2: &[Fig<'_>]) -> Ephemeral {
    let c = Catalogue::standard().unwrap();
    // A set has two figures at least: a spare bystander makes up the number.
    let spare = [fig("Spare", "runner", &[])];
    let pad = |figs: &'_ [Fig<'_>]| figs.len() < 2;
    let first = if pad(p1) { set_text("First", &[p1, &spare[..]].concat()) } else { set_text("First", p1) };
    let second = if pad(p2) { set_text("Second", &[p2, &spare[..]].concat()) } else { set_text("Second", p2) };
    let parse = |name: &str, text: &str| {
        FigureSet::parse(text, Format::Toml, edition, &c).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let sets = vec![parse("First", &first), parse("Second", &second)];
    Ephemeral::new(Variant { edition, sets, kit: Kit::standard() }, 2).unwrap()
}

/// The figures' indices by their letters (`a b c` P1's, `A B C` P2's).
pub fn ids<const N: usize>(g: &Ephemeral, letters: [&str; N]) -> [u8; N] {
    letters.map(|l| arbiter_ephemeral::notation::parse_figure(g, l).unwrap())
}

/// The same in v0.26.
pub fn game(p1: &[Fig<'_>], p2: &[Fig<'_>]) -> Ephemeral {
    game_of(Edition::V026, p1, p2)
}

pub fn p(x: f32, y: f32) -> Pos {
    Pos::new(x, y)
}

/// The activation phase with every figure off to the side (the bottom
/// edge, 8 cm apart), no prep tokens, the gate at (34, 34), and figure
/// `active` acting with all its actions. Tests then put figures where
/// they want them.
pub fn acting(g: &Ephemeral, active: u8) -> State {
    let mut s = g.initial_state();
    s.x = Some(P1);
    s.gate = Some(p(34.0, 34.0));
    for i in 0..s.figures.len() {
        s.figures[i].at = Some(p(3.0 + 6.0 * i as f32, 1.25));
    }
    s.prep = [0, 0];
    s.started = true;
    s.phase = Phase::Acting { figure: active, used: 0, limit: u8::MAX };
    s
}

/// Puts a figure on the ground at (x, y).
pub fn put(s: &mut State, figure: u8, x: f32, y: f32) {
    let f = &mut s.figures[figure as usize];
    f.at = Some(p(x, y));
    f.on = None;
}

/// Gives a figure these foraged dice (sides, value), in order.
pub fn give(s: &mut State, figure: u8, dice: &[(u8, u8)]) {
    s.figures[figure as usize].dice = dice.iter().map(|&(sides, value)| Die { sides, value }).collect();
}

/// Places a kit piece; returns its index among the placed pieces.
pub fn piece(s: &mut State, piece: u8, x: f32, y: f32) -> u8 {
    s.terrain.push(Placed { piece, at: p(x, y), turn: 0 });
    s.scene = Default::default();
    (s.terrain.len() - 1) as u8
}

/// Types a decision at the prompt (figure defaults as the terminal gives
/// them), applies it, and returns the events. The typed text must also be
/// what the notation writes back, so it round-trips.
pub fn act(g: &Ephemeral, s: &mut State, text: &str) -> Vec<Event> {
    let a = parse_action_in(g, s, text).unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
    let written = format_action(g, &a);
    assert_eq!(arbiter_ephemeral::notation::parse_action(g, &written).unwrap(), a, "'{written}' round-trips");
    let mut events = Vec::new();
    if let Err(r) = g.apply(s, &Decision::Act(a.clone()), &mut events) {
        panic!("'{text}' refused: {} — {} ({})", r.rule, r.reason, r.section);
    }
    events
}

/// Types a decision that must be refused; returns its rule id, and checks
/// that the state is untouched and `check` agrees.
pub fn no(g: &Ephemeral, s: &State, text: &str) -> String {
    let a = parse_action_in(g, s, text).unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
    let mut t = s.clone();
    let r = match g.apply(&mut t, &Decision::Act(a.clone()), &mut Vec::new()) {
        Ok(()) => panic!("'{text}' was accepted"),
        Err(r) => r,
    };
    assert_eq!(&t, s, "a refused decision changed the state");
    assert_eq!(g.check(s, &a).unwrap_err().rule, r.rule);
    assert!(!r.reason.is_empty() && !r.section.is_empty());
    r.rule.to_string()
}

/// Rolls dice that must be owed; returns the events.
pub fn roll(g: &Ephemeral, s: &mut State, values: &[u8]) -> Vec<Event> {
    assert_eq!(g.to_move(s), ToMove::Chance, "dice are owed: {:?}", s.pending.top());
    let mut events = Vec::new();
    if let Err(r) = g.apply(s, &Decision::Roll(Roll::from_values(values).unwrap()), &mut events) {
        panic!("roll {values:?} refused: {} — {}", r.rule, r.reason);
    }
    events
}

/// The events in words, one line each, as the terminal prints them.
pub fn words(g: &Ephemeral, s: &State, events: &[Event]) -> String {
    events.iter().map(|e| event_text(g, s, e)).collect::<Vec<_>>().join("\n")
}

/// The damage a figure has taken.
pub fn damage(s: &State, figure: u8) -> u8 {
    s.figures[figure as usize].damage
}

/// Who owes the next decision.
pub fn owes(g: &Ephemeral, s: &State) -> ToMove {
    g.to_move(s)
}
