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
