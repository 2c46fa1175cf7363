//! A bestiary: the creature cards a warband may be built from.
//!
//! Arbiter's own card format is TOML, one `[[creature]]` table per card
//! (documented in `docs/warbands.md`). Arbiter ships a starter bestiary,
//! `data/bestiary.toml`, embedded in the program and checked when it is
//! loaded; its numbers are facts from the public ORC-licensed cards and its
//! texts are written in Arbiter's own words. Every error names its line: a
//! TOML error where the parser stopped, a card error at the offending value.
//!
//! Bestiaries combine: [`Bestiary::extend`] adds cards from another (a
//! player's own TOML file, or cards imported from the public JSON format by
//! [`crate::import`]), replacing cards of the same name.

use crate::card::{Card, CardFile};
use crate::source::{MAX_FILE_BYTES, Path, clip, line_at, line_of};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The starter bestiary's data file, embedded at build time.
const STARTER: &str = include_str!("../data/bestiary.toml");

/// An error in a bestiary file: the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestiaryError {
    /// The 1-based line of the offending value.
    pub line: Option<usize>,
    /// What is wrong (naming the creature when it concerns one).
    pub message: String,
}

impl fmt::Display for BestiaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for BestiaryError {}

/// A bestiary file as written: its `[[creature]]` tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestiaryFile {
    /// The cards, in file order.
    #[serde(default)]
    pub creature: Vec<CardFile>,
}

/// A set of checked cards with distinct names, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bestiary {
    cards: Vec<Card>,
}

impl Bestiary {
    /// The starter bestiary, parsed from the embedded data file.
    pub fn starter() -> Result<Bestiary, BestiaryError> {
        Bestiary::starter_ref().cloned()
    }

    /// The starter bestiary, parsed once and kept.
    pub fn starter_ref() -> Result<&'static Bestiary, BestiaryError> {
        static CACHE: OnceLock<Result<Bestiary, BestiaryError>> = OnceLock::new();
        CACHE.get_or_init(|| Bestiary::from_toml(STARTER)).as_ref().map_err(Clone::clone)
    }

    /// The starter bestiary's data file, as embedded.
    pub fn starter_text() -> &'static str {
        STARTER
    }

    /// Reads and checks a bestiary file; the first error found names its line.
    pub fn from_toml(text: &str) -> Result<Bestiary, BestiaryError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(BestiaryError { line: None, message: "a bestiary file is at most 1 MiB".into() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let file: BestiaryFile = toml::from_str(text).map_err(|e| BestiaryError {
            line: e.span().map(|s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        })?;
        Bestiary::from_file(file, &|path: &Path| line_at(text, path))
    }

    /// Reads and checks a bestiary in Arbiter's card format as TOML or, when
    /// it starts with `{`, as JSON (`{ "creature": [ … ] }`, the cards as the
    /// builder keeps them); a JSON error gives its line too.
    pub fn from_text(text: &str) -> Result<Bestiary, BestiaryError> {
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        if !body.trim_start().starts_with('{') {
            return Bestiary::from_toml(text);
        }
        if body.len() > MAX_FILE_BYTES {
            return Err(BestiaryError { line: None, message: "a bestiary file is at most 1 MiB".into() });
        }
        let file: BestiaryFile =
            serde_json::from_str(body).map_err(|e| BestiaryError { line: Some(e.line()), message: e.to_string() })?;
        Bestiary::from_file(file, &|_: &Path| None)
    }

    /// Checks a bestiary file already parsed; `at` finds a value's line.
    fn from_file(file: BestiaryFile, at: &dyn Fn(&Path) -> Option<usize>) -> Result<Bestiary, BestiaryError> {
        if file.creature.is_empty() {
            return Err(BestiaryError { line: None, message: "the bestiary has no [[creature]] tables".into() });
        }
        let mut cards: Vec<Card> = Vec::with_capacity(file.creature.len());
        for (i, cf) in file.creature.into_iter().enumerate() {
            let here = Path::root().key("creature").index(i);
            let label = creature_label(&cf.name, i);
            let card = Card::try_from(cf).map_err(|e| BestiaryError {
                line: at(&here.join(&e.path)),
                message: format!("{label}: {}", e.message),
            })?;
            if cards.iter().any(|c| c.name().eq_ignore_ascii_case(card.name())) {
                return Err(BestiaryError {
                    line: at(&here.key("name")),
                    message: format!("{label}: another creature in the bestiary has the same name"),
                });
            }
            cards.push(card);
        }
        let bestiary = Bestiary { cards };
        for (i, card) in bestiary.cards.iter().enumerate() {
            for (j, s) in card.commander().map(|c| c.starts_with.as_slice()).unwrap_or_default().iter().enumerate() {
                if bestiary.get(&s.creature).is_none() {
                    let path = Path::root().key("creature").index(i).key("commander").key("starts_with").index(j);
                    return Err(BestiaryError {
                        line: at(&path),
                        message: format!(
                            "{}: starts with {}, which is not in the bestiary",
                            card.name(),
                            clip(&s.creature, 40)
                        ),
                    });
                }
            }
        }
        Ok(bestiary)
    }

    /// A bestiary of these cards; names must be distinct (any letter case).
    pub fn from_cards(cards: Vec<Card>) -> Result<Bestiary, BestiaryError> {
        let mut out = Bestiary::default();
        for c in cards {
            if out.get(c.name()).is_some() {
                return Err(BestiaryError { line: None, message: format!("two creatures are called {}", c.name()) });
            }
            out.cards.push(c);
        }
        Ok(out)
    }

    /// Adds `other`'s cards: a card with the name of one already here
    /// replaces it (in place); the others are appended.
    pub fn extend(&mut self, other: Bestiary) {
        for c in other.cards {
            match self.cards.iter_mut().find(|x| x.name().eq_ignore_ascii_case(c.name())) {
                Some(slot) => *slot = c,
                None => self.cards.push(c),
            }
        }
    }

    /// The card with this name (any letter case, surrounding spaces ignored).
    pub fn get(&self, name: &str) -> Option<&Card> {
        let name = name.trim();
        self.cards.iter().find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// Every card, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether it has no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The bestiary in Arbiter's TOML format.
    pub fn to_toml(&self) -> Result<String, String> {
        let file = BestiaryFile { creature: self.cards.iter().map(Card::to_file).collect() };
        toml::to_string(&file).map_err(|e| e.to_string())
    }
}

/// How errors name a creature: its name, or its place in the file.
fn creature_label(name: &str, index: usize) -> String {
    let n = name.trim();
    if n.is_empty() { format!("creature {}", index + 1) } else { clip(n, 60) }
}
