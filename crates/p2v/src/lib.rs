//! Path 2 Victory (rules v1.3) for Arbiter: warband building, with the rules
//! and the content as data.
//!
//! Path 2 Victory is a miniatures skirmish game on a one-inch grid. Each
//! figure is a creature with a card; a player's warband is a list of
//! creatures bought with points that depend on each creature's level. This
//! crate is the foundation for a warband builder and, later, the game:
//!
//! - [`alignment`] the nine alignments (the factions) and which may recruit which;
//! - [`points`] Table 1: points cost and upgrade cost by level;
//! - [`feature`] a card's features: action cost, range or area, uses, text;
//! - [`program`] what a feature does, as data the game runs (powers, saves,
//!   strike riders, extra damage);
//! - [`spell`] the spell catalogue (`data/spells.toml`) and caster features;
//! - [`card`] the creature card, checked on construction;
//! - [`bestiary`] a set of cards read from Arbiter's TOML format, with the
//!   starter bestiary (`data/bestiary.toml`) built in;
//! - [`import`] reads card files in the public card JSON format;
//! - [`item`] items and positioning upgrades, bought for the upgrade cost;
//! - [`mode`] the ways of building a warband (narrative, balanced …);
//! - [`warband`] warband files, read unchecked and validated against a
//!   bestiary, reporting every violation with a stable rule code and its
//!   place (entry, field, upgrade or item), with totals per entry even for
//!   an illegal warband;
//! - [`sheet`] printable HTML warband sheets;
//! - [`table`] what a browser table draws: the board, the cards, and the
//!   decisions open in a state with their moves, odds and areas;
//! - [`play`] the standard game itself, `P2v`: set-up, rounds, actions,
//!   strikes, damage, reactions and victory points.
//!
//! The rulings are in `docs/rulings/p2v.md`; the file formats in `docs/warbands.md`.

pub mod alignment;
pub mod bestiary;
pub mod card;
pub mod draw;
pub mod feature;
pub mod import;
pub mod item;
pub mod mode;
pub mod play;
pub mod points;
pub mod program;
pub mod sheet;
mod source;
pub mod spell;
pub mod table;
pub mod warband;

pub use alignment::Alignment;
pub use bestiary::{Bestiary, BestiaryError};
pub use card::{Card, CardFile, Size, Stats};
pub use feature::{Action, Area, Feature, Uses};
pub use item::{Item, Items};
pub use mode::PlayMode;
pub use play::P2v;
pub use points::Level;
pub use source::{Format, read_text};
pub use warband::{Field, Report, Rule, Violation, Warband, WarbandFile};
