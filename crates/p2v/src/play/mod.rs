//! The standard game of Path 2 Victory v1.3 ("Setting up a standard game"
//! through "VICTORY CONDITION"), on the battle grid of `arbiter-geometry`
//! and the resolution core of `arbiter-core`.
//!
//! - [`variant`] the warbands, the map and the optional round limit;
//! - [`roster`] every creature's numbers, taken once from its card;
//! - [`damage`] damage types, immunity, resistance and weakness;
//! - [`objective`] the eight standard objectives and their d6 table;
//! - [`state`], [`action`], [`event`] the game's data;
//! - [`rules`] `P2v`, the `Game`: set-up, rounds, the end;
//! - [`judge`], [`apply`], [`legal`] decisions judged, applied and listed;
//! - [`activity`] compound actions (Strides and strikes in order);
//! - [`hero`] hero points: rerolls and sure recovery;
//! - [`door`] doors opened and closed by Interacting;
//! - [`leap`] Leap, over one square;
//! - [`ready`] Ready, and the readied action taken between actions;
//! - [`terrain`] hazards, encumbering and directional terrain, swimming;
//!   `terrains` the terrains of the states, made once per objectives and doors;
//! - [`teleport`] teleports from cards (Bramble Jump);
//! - [`shell`] shells from cards (Take Cover);
//! - [`cast`] casting spells: a caster's spells as powers, uses, sustain;
//! - [`power`] powers and strike riders: effects a target saves against;
//! - [`resolve`] the pending work: strikes, cover, damage, recovery, moves
//!   square by square with the reactions they open, the end of a turn;
//! - [`notation`], [`words`], [`entry`] the game in words and its
//!   registration; [`heuristic`] its evaluation for the bots;
//! - [`mount`] mounts and riders;
//! - [`party`] group activation, and a commander's turn with its minions;
//! - [`numbering`], [`tensor`] a fixed number for every action and the
//!   state as a tensor, for the Python API and learning agents.
//!
//! The rulings are in `docs/rulings/p2v.md` (P2V-R).

pub mod action;
pub mod activity;
pub mod apply;
pub mod aura;
pub mod awaken;
pub mod bind;
pub mod body;
pub mod cast;
pub mod catch;
pub mod cling;
pub mod command;
pub mod crash;
pub mod damage;
pub mod defend;
pub mod disguise;
pub mod door;
pub mod entry;
pub mod evade;
pub mod event;
pub mod flail;
pub mod footing;
pub mod hairs;
pub mod haul;
pub mod haven;
pub mod hero;
pub mod heuristic;
pub mod jet;
pub mod judge;
pub mod leap;
pub mod legal;
pub mod liberate;
pub mod load;
pub mod longjump;
pub mod loot;
pub mod mine;
pub mod mount;
pub mod notation;
pub mod numbering;
pub mod object;
pub mod objective;
pub mod party;
pub mod placed;
pub mod power;
pub mod ready;
pub mod resolve;
pub mod retaliate;
pub mod roster;
pub mod rules;
pub mod scent;
pub mod scroll;
pub mod shell;
pub mod stance;
pub mod state;
pub mod stoke;
pub mod summon;
pub mod swallow;
pub mod swap;
pub mod sweep;
pub mod teleport;
pub mod tensor;
pub mod terrain;
pub(crate) mod terrains;
pub mod tiles;
pub mod trail;
pub mod trample;
pub mod tumble;
pub mod unhindered;
pub mod validate;
pub mod variant;
pub mod words;

pub use action::Action;
pub use event::Event;
pub use rules::P2v;
pub use state::State;
pub use variant::Variant;

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers of the unit tests that play a game: warbands of one copy of
    //! each card named, on an open board.
    use super::Variant;
    use crate::PlayMode;
    use crate::warband::{EntryFile, WarbandFile};

    /// A narrative-mode warband of one of each card named.
    pub fn warband(creatures: &[&str]) -> WarbandFile {
        WarbandFile {
            name: "test".into(),
            mode: Some(PlayMode::Narrative),
            entries: creatures.iter().map(|c| EntryFile::new(c, 1)).collect(),
            ..WarbandFile::default()
        }
    }

    /// Deals `amount` piercing damage (no source, no strike) to creature
    /// `target`, runs what follows, and checks the state.
    pub fn wound(g: &super::P2v, s: &mut super::State, target: u8, amount: u16) {
        use arbiter_core::Game;
        let damage = super::damage::Damage::parse(&format!("{amount} piercing")).unwrap_or_else(|| panic!("damage"));
        let hit = super::state::Hit {
            target,
            source: None,
            damage,
            strike: false,
            area: false,
            critical: false,
            defended: false,
        };
        g.push_damage(s, hit);
        g.settle(s, &mut Vec::new());
        if let Err(e) = g.validate_state(s) {
            panic!("{e}");
        }
    }

    /// Two warbands on an open 12 × 12 board.
    pub fn open(p1: &[&str], p2: &[&str]) -> Variant {
        let map = format!("name = \"test\"\nmap = \"\"\"\n{}\n\"\"\"\n", vec![["."; 12].join(" "); 12].join("\n"));
        Variant { warbands: vec![warband(p1), warband(p2)], map, no_round_limit: false, cards: String::new() }
    }
}
