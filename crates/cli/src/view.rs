//! Drawing games in the terminal. Every game draws itself from its entry
//! (`Entry::picture`, from what the viewer observes); the first four games
//! also have hand-drawn pictures here ([`RichView`]: boards with walls, a
//! map of the table), with their own prompts and questions, found by the
//! game's type at run time so that a new game needs nothing in this crate.

use arbiter_core::{Entry, Viewer};
use arbiter_ephemeral::Ephemeral;
use arbiter_essence::Essence;
use arbiter_ethia::Ethia;
use arbiter_ethia::worlds::EthiaWorlds;
use arbiter_geometry::{Cell, Dir, Edge, Grid, Side, Walls};
use std::any::Any;
use std::marker::PhantomData;

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

/// A hand-drawn terminal view of a game without secrets.
pub trait RichView: Entry {
    /// Draws the table; `color` allows ANSI colours.
    fn render(&self, state: &Self::State, color: bool) -> String;
    /// One line on whose decision it is and what it is about.
    fn prompt(&self, state: &Self::State) -> String;
    /// Answers a line typed at the prompt that asks about the table without
    /// being a decision (Ephemeral's `measure a C`); `None` if the line is
    /// not such a question.
    fn query(&self, _state: &Self::State, _line: &str) -> Option<String> {
        None
    }
    /// A short word for how a finished game ended, if the entry's is not enough.
    fn ending_label(&self, _state: &Self::State) -> Option<String> {
        None
    }
}

/// A rich view with its types erased, so that generic code can look for one.
trait Erased: Sync {
    fn render(&self, game: &dyn Any, state: &dyn Any, color: bool) -> Option<String>;
    fn prompt(&self, game: &dyn Any, state: &dyn Any) -> Option<String>;
    fn query(&self, game: &dyn Any, state: &dyn Any, line: &str) -> Option<Option<String>>;
    fn ending(&self, game: &dyn Any, state: &dyn Any) -> Option<String>;
}

struct Typed<G>(PhantomData<fn() -> G>);

impl<G: RichView> Erased for Typed<G> {
    fn render(&self, game: &dyn Any, state: &dyn Any, color: bool) -> Option<String> {
        Some(game.downcast_ref::<G>()?.render(state.downcast_ref::<G::State>()?, color))
    }
    fn prompt(&self, game: &dyn Any, state: &dyn Any) -> Option<String> {
        Some(<G as RichView>::prompt(game.downcast_ref::<G>()?, state.downcast_ref::<G::State>()?))
    }
    fn query(&self, game: &dyn Any, state: &dyn Any, line: &str) -> Option<Option<String>> {
        Some(game.downcast_ref::<G>()?.query(state.downcast_ref::<G::State>()?, line))
    }
    fn ending(&self, game: &dyn Any, state: &dyn Any) -> Option<String> {
        <G as RichView>::ending_label(game.downcast_ref::<G>()?, state.downcast_ref::<G::State>()?)
    }
}

/// The hand-drawn views.
const RICH: &[&dyn Erased] = &[
    &Typed::<Essence>(PhantomData),
    &Typed::<Ethia>(PhantomData),
    &Typed::<EthiaWorlds>(PhantomData),
    &Typed::<Ephemeral>(PhantomData),
];

/// Draws what `viewer` sees: the hand-drawn view of a game without secrets
/// if it has one, else the entry's picture of the viewer's observation.
pub fn render<G: Entry>(game: &G, state: &G::State, viewer: Viewer, color: bool) -> String {
    if !game.has_hidden_information()
        && let Some(text) = RICH.iter().find_map(|r| r.render(game, state, color))
    {
        return text;
    }
    let seat = match viewer {
        Viewer::Seat(s) => format!(" (as {s} sees it)"),
        Viewer::Spectator => " (as spectators see it)".into(),
        Viewer::Referee => String::new(),
    };
    format!("{}{seat}\n{}", G::NAME, game.picture(&game.observe(state, viewer)))
}

/// The prompt: the hand-drawn view's, else the entry's.
pub fn prompt<G: Entry>(game: &G, state: &G::State) -> String {
    RICH.iter().find_map(|r| r.prompt(game, state)).unwrap_or_else(|| game.prompt(state))
}

/// Answers a question about the table, if the line is one.
pub fn query<G: Entry>(game: &G, state: &G::State, line: &str) -> Option<String> {
    RICH.iter().find_map(|r| r.query(game, state, line)).flatten()
}

/// How a finished game ended, in a short word.
pub fn ending_label<G: Entry>(game: &G, state: &G::State) -> String {
    RICH.iter().find_map(|r| r.ending(game, state)).unwrap_or_else(|| game.ending_label(state))
}
