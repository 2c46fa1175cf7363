//! Stable integer numbers for actions, for front ends that speak integers
//! (the Python API's OpenSpiel-style `legal_actions()`).
//!
//! A game that numbers its actions once for all ([`Entry::action_index`],
//! Kuhn poker's pass and bet, Goofspiel's bids) keeps its numbers. Every
//! other game's actions are numbered by their notation: the first action
//! seen gets 0, the next new one 1, and so on, and an action keeps its
//! number for as long as the codebook lives (shared by every state of a
//! loaded game). The same sequence of play gives the same numbers. Tested
//! through the Python crate (`crates/python`), which numbers every game's
//! actions with it.

use crate::Entry;
use std::collections::HashMap;
use std::sync::Mutex;

/// Numbers the actions of one game (see the module documentation).
#[derive(Debug, Default)]
pub struct ActionCodebook {
    inner: Mutex<Book>,
}

#[derive(Debug, Default)]
struct Book {
    numbers: HashMap<String, usize>,
    texts: Vec<String>,
    /// Texts of a game's fixed indices, learned as actions are seen.
    fixed: HashMap<usize, String>,
}

impl ActionCodebook {
    /// An empty codebook.
    pub fn new() -> Self {
        ActionCodebook::default()
    }

    /// The number of `action` in `game`: its fixed index if the game has
    /// one, else the number its notation was given when first seen.
    pub fn number<G: Entry>(&self, game: &G, action: &G::Action) -> usize {
        let text = game.action_text(action);
        let mut book = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = game.action_index(action) {
            book.fixed.entry(i).or_insert(text);
            return i;
        }
        if let Some(&n) = book.numbers.get(&text) {
            return n;
        }
        let n = book.texts.len();
        book.numbers.insert(text.clone(), n);
        book.texts.push(text);
        n
    }

    /// The notation of the action numbered `number`, if one was seen.
    pub fn text(&self, number: usize) -> Option<String> {
        let book = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        book.fixed.get(&number).or_else(|| book.texts.get(number)).cloned()
    }

    /// How many numbers were given by notation so far.
    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).texts.len()
    }

    /// True if no number was given by notation yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Checks a game's fixed numbering and observation tensor in one state,
/// where the game defines them (the conformance suite's and `arbiter
/// soak`'s check for them): every legal action of the seat to decide has
/// a number below [`Entry::num_distinct_actions`], no two of them share
/// one; every seat's [`Entry::observation_tensor`] exists, has the size
/// of [`Entry::observation_tensor_shape`], and holds finite values that
/// are not negative (the Python environments' observation spaces start at
/// 0).
pub fn check_numbering<G: Entry>(game: &G, state: &G::State) -> Result<(), String> {
    use crate::{Seat, ToMove, Viewer};
    if let Some(n) = game.num_distinct_actions()
        && !matches!(game.to_move(state), ToMove::Chance | ToMove::Over)
    {
        let mut list = Vec::new();
        game.legal_actions(state, &mut list);
        let mut seen: HashMap<usize, &G::Action> = HashMap::with_capacity(list.len());
        for action in &list {
            let text = || game.action_text(action);
            let Some(i) = game.action_index(action) else {
                return Err(format!("the legal action {} has no number", text()));
            };
            if i >= n {
                return Err(format!("the legal action {} is numbered {i}, beyond the {n} numbers", text()));
            }
            if let Some(other) = seen.insert(i, action)
                && other != action
            {
                return Err(format!("{} and {} share the number {i}", game.action_text(other), text()));
            }
        }
    }
    if let Some(shape) = game.observation_tensor_shape() {
        let size: usize = shape.iter().product();
        for s in 0..game.seats() {
            let seat = Seat(s as u8);
            let Some(tensor) = game.observation_tensor(&game.observe(state, Viewer::Seat(seat))) else {
                return Err(format!("{seat} has no observation tensor"));
            };
            if tensor.len() != size {
                return Err(format!("{seat}'s observation tensor has {} values, not {size} ({shape:?})", tensor.len()));
            }
            if let Some((i, v)) = tensor.iter().enumerate().find(|(_, v)| !v.is_finite() || **v < 0.0) {
                return Err(format!(
                    "{seat}'s observation tensor holds {v} at {i}: values are finite and not negative"
                ));
            }
        }
    }
    Ok(())
}
