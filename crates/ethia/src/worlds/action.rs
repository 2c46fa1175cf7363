//! The decisions of an E'thia Worlds adventure and their notation.
//!
//! Leaders are numbered 1–4 in notation; enemies, chests, traps and locks are
//! named by their square. Every Players' Choice Rule decision (which leader an
//! enemy attacks, where it moves) is an action of the party: `aim:2`,
//! `place:c4`, `pair:d6-2`.

use super::card::{Bonus, Elixir, Relic};
use crate::notation::{name, parse_square};
use arbiter_geometry::Grid;
use arbiter_geometry::{Cell, Dir};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// An elixir or a relic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// An elixir.
    Elixir(Elixir),
    /// A relic.
    Relic(Relic),
}

impl Item {
    /// One bit per kind of item, so a trade can remember what moved which way.
    pub fn bit(self) -> u32 {
        use super::card::LeaderType;
        let k = match self {
            Item::Elixir(e) => Elixir::ALL.iter().position(|x| *x == e).unwrap_or(0) as u32,
            Item::Relic(r) => {
                8 + match r {
                    Relic::Vitality => 0,
                    Relic::Might => 1,
                    Relic::Guard => 2,
                    Relic::Swiftness => 3,
                    Relic::Reach => 4,
                    Relic::Haste => 5,
                    Relic::Resurrection => 6,
                    Relic::CoyoteFavour => 7,
                    Relic::Training(t) => {
                        8 + match t {
                            LeaderType::Ranger => 0,
                            LeaderType::Striker => 1,
                            LeaderType::Defender => 2,
                            LeaderType::Scout => 3,
                        }
                    }
                    Relic::Charm(b) => 12 + Bonus::ALL.iter().position(|x| *x == b).unwrap_or(0) as u32,
                }
            }
        };
        1 << k
    }
}

/// What to take from a chest's 6 (Kingdom of Coyote).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChestPick {
    /// Three 5-token elixirs.
    ThreeElixirs,
    /// One 10-token elixir.
    OneElixir,
    /// Roll again for a relic.
    Relic,
}

/// One decision of the party or of a leader's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub enum WorldsAction {
    /// Buy an item at the Smokey Cauldron.
    Buy(Item),
    /// Leave the shop, or finish trading.
    Done,
    /// Place an enemy on a square (call, hostile move, close-quarters move).
    Place(Cell),
    /// Choose the leader to take the next turn (1–4 in notation, 0-based here).
    Lead(u8),
    /// Drink an elixir before rolling for actions.
    Drink(Elixir),
    /// Roll for actions.
    Roll,
    /// Forfeit the turn to heal every hit point (twice per game).
    Heal,
    /// Forfeit the turn to try to resurrect an adjacent unconscious leader.
    Revive(u8),
    /// Use a resurrection relic on an unconscious leader (no roll, no action).
    Favour(u8),
    /// The tunnel elixir: slip through the wall in a direction.
    Tunnel(Dir),
    /// Attack an enemy (the free-shot elixir, or as an action).
    Attack(Cell),
    /// Move: roll, then step.
    Move,
    /// Search the chest on a square.
    Search(Cell),
    /// Disarm the trap on a square.
    Disarm(Cell),
    /// Pick the lock on a square.
    Pick(Cell),
    /// Diplomacy with the boss.
    Parley,
    /// Trade with an adjacent leader.
    Trade(u8),
    /// Leave the map from the leader's start square.
    Escape,
    /// End the turn.
    End,
    /// Use a re-roll (Water after a move roll, Fire after attack dice, Earth
    /// after defence dice).
    Reroll,
    /// Spend the charm relic's +1.
    Charm,
    /// Drink a Quickening elixir: re-roll, keeping the higher.
    Quicken,
    /// Accept the move roll.
    Go,
    /// Accept the dice.
    Resolve,
    /// Step one square.
    Step(Dir),
    /// Stop moving.
    Stop,
    /// Take a chest's 6.
    Chest(ChestPick),
    /// Take an elixir as a reward.
    Take(Elixir),
    /// Fix what a won charm relic boosts.
    CharmOf(Bonus),
    /// Give an item to the trading partner.
    Give(Item),
    /// Take an item from the trading partner.
    Get(Item),
    /// Give tokens.
    GiveTokens(u32),
    /// Take tokens.
    GetTokens(u32),
    /// The players choose the leader an enemy attacks.
    Aim(u8),
    /// The players choose a close-quarters enemy (by square) to attack a leader.
    Pair(Cell, u8),
}

fn item_name(i: Item) -> String {
    match i {
        Item::Elixir(e) => e.name().to_string(),
        Item::Relic(r) => r.name(),
    }
}

fn parse_item(t: &str) -> Option<Item> {
    Elixir::parse(t).map(Item::Elixir).or_else(|| Relic::parse(t).map(Item::Relic))
}

fn parse_leader(t: &str) -> Option<u8> {
    t.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).map(|n| n - 1)
}

impl fmt::Display for WorldsAction {
    /// The stored form (records, JSON): squares named as on an 8-file
    /// board, whatever the quest's width. People see [`WorldsAction::text_on`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(f, &name)
    }
}

impl WorldsAction {
    /// The decision in notation with the squares named on `grid` (files
    /// `a`… across the quest's width, ranks from 1): what people read and type.
    pub fn text_on(&self, grid: &Grid) -> String {
        let mut out = String::new();
        let _ = self.write_with(&mut out, &|c| square_on(grid, c));
        out
    }

    /// Reads a decision whose squares are named on `grid` (see [`WorldsAction::text_on`]).
    pub fn parse_on(text: &str, grid: &Grid) -> Result<WorldsAction, WorldsNotationError> {
        WorldsAction::parse_with(text, &|t| parse_square_on(grid, t))
    }

    fn write_with(&self, f: &mut dyn fmt::Write, name: &dyn Fn(Cell) -> String) -> fmt::Result {
        use WorldsAction::*;
        match *self {
            Buy(i) => write!(f, "buy:{}", item_name(i)),
            Done => f.write_str("done"),
            Place(c) => write!(f, "place:{}", name(c)),
            Lead(l) => write!(f, "lead:{}", l + 1),
            Drink(e) => write!(f, "drink:{}", e.name()),
            Roll => f.write_str("roll"),
            Heal => f.write_str("heal"),
            Revive(l) => write!(f, "revive:{}", l + 1),
            Favour(l) => write!(f, "favour:{}", l + 1),
            Tunnel(d) => write!(f, "tunnel:{}", d.name()),
            Attack(c) => write!(f, "attack:{}", name(c)),
            Move => f.write_str("move"),
            Search(c) => write!(f, "search:{}", name(c)),
            Disarm(c) => write!(f, "disarm:{}", name(c)),
            Pick(c) => write!(f, "pick:{}", name(c)),
            Parley => f.write_str("parley"),
            Trade(l) => write!(f, "trade:{}", l + 1),
            Escape => f.write_str("escape"),
            End => f.write_str("end"),
            Reroll => f.write_str("reroll"),
            Charm => f.write_str("charm"),
            Quicken => f.write_str("quicken"),
            Go => f.write_str("go"),
            Resolve => f.write_str("resolve"),
            Step(d) => write!(f, "step:{}", d.name()),
            Stop => f.write_str("stop"),
            Chest(ChestPick::ThreeElixirs) => f.write_str("chest:three"),
            Chest(ChestPick::OneElixir) => f.write_str("chest:one"),
            Chest(ChestPick::Relic) => f.write_str("chest:relic"),
            Take(e) => write!(f, "take:{}", e.name()),
            CharmOf(b) => write!(f, "charm:{}", format!("{b:?}").to_lowercase()),
            Give(i) => write!(f, "give:{}", item_name(i)),
            Get(i) => write!(f, "get:{}", item_name(i)),
            GiveTokens(n) => write!(f, "give-tokens:{n}"),
            GetTokens(n) => write!(f, "get-tokens:{n}"),
            Aim(l) => write!(f, "aim:{}", l + 1),
            Pair(c, l) => write!(f, "pair:{}-{}", name(c), l + 1),
        }
    }
}

/// Why text is not a Worlds decision.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a decision: {reason}")]
pub struct WorldsNotationError {
    /// The text (first 40 characters).
    pub text: String,
    /// What is expected.
    pub reason: &'static str,
}

impl FromStr for WorldsAction {
    type Err = WorldsNotationError;

    /// Reads the stored form (see the `Display` implementation).
    fn from_str(text: &str) -> Result<WorldsAction, WorldsNotationError> {
        WorldsAction::parse_with(text, &parse_square)
    }
}

impl WorldsAction {
    fn parse_with(
        text: &str,
        parse_square: &dyn Fn(&str) -> Option<Cell>,
    ) -> Result<WorldsAction, WorldsNotationError> {
        use WorldsAction::*;
        let t = text.trim().to_ascii_lowercase();
        let fail = |reason| WorldsNotationError { text: t.chars().take(40).collect(), reason };
        if t.len() > 40 || !t.is_ascii() {
            return Err(fail("too long, or not plain text"));
        }
        let (word, arg) = t.split_once(':').unwrap_or((t.as_str(), ""));
        let sq = || parse_square(arg).ok_or_else(|| fail("expected a square like c4"));
        let who = || parse_leader(arg).ok_or_else(|| fail("expected a leader number, 1 to 4"));
        let item = || parse_item(arg).ok_or_else(|| fail("expected an elixir or relic name (see help)"));
        let elixir = || {
            Elixir::parse(arg).ok_or_else(|| {
                fail("expected an elixir: defense, attack, speed, health, full-health, tunnel, free-shot, quickening")
            })
        };
        let tokens =
            || arg.parse::<u32>().ok().filter(|&n| n <= 100_000).ok_or_else(|| fail("expected a number of tokens"));
        Ok(match (word, arg.is_empty()) {
            ("done", true) => Done,
            ("roll", true) => Roll,
            ("heal", true) => Heal,
            ("move", true) => Move,
            ("parley", true) => Parley,
            ("escape", true) => Escape,
            ("end", true) => End,
            ("reroll", true) => Reroll,
            ("charm", true) => Charm,
            ("quicken", true) => Quicken,
            ("go", true) => Go,
            ("resolve", true) => Resolve,
            ("stop", true) => Stop,
            ("buy", false) => Buy(item()?),
            ("place", false) => Place(sq()?),
            ("lead", false) => Lead(who()?),
            ("drink", false) => Drink(elixir()?),
            ("revive", false) => Revive(who()?),
            ("favour", false) => Favour(who()?),
            ("tunnel", false) => Tunnel(Dir::parse(arg).ok_or_else(|| fail("expected a direction: n e s w"))?),
            ("attack", false) => Attack(sq()?),
            ("search", false) => Search(sq()?),
            ("disarm", false) => Disarm(sq()?),
            ("pick", false) => Pick(sq()?),
            ("trade", false) => Trade(who()?),
            ("step", false) => Step(Dir::parse(arg).ok_or_else(|| fail("expected a direction: n ne e se s sw w nw"))?),
            ("chest", false) => Chest(match arg {
                "three" => ChestPick::ThreeElixirs,
                "one" => ChestPick::OneElixir,
                "relic" => ChestPick::Relic,
                _ => return Err(fail("expected chest:three, chest:one or chest:relic")),
            }),
            ("take", false) => Take(elixir()?),
            ("charm", false) => CharmOf(
                Bonus::ALL
                    .into_iter()
                    .find(|b| format!("{b:?}").to_lowercase() == arg)
                    .ok_or_else(|| fail("expected charm:movement, charm:defense, charm:attack or charm:range"))?,
            ),
            ("give", false) => Give(item()?),
            ("get", false) => Get(item()?),
            ("give-tokens", false) => GiveTokens(tokens()?),
            ("get-tokens", false) => GetTokens(tokens()?),
            ("aim", false) => Aim(who()?),
            ("pair", false) => {
                let (a, b) = arg.split_once('-').ok_or_else(|| fail("expected pair:square-leader, like pair:d6-2"))?;
                Pair(
                    parse_square(a).ok_or_else(|| fail("expected pair:square-leader, like pair:d6-2"))?,
                    parse_leader(b).ok_or_else(|| fail("expected pair:square-leader, like pair:d6-2"))?,
                )
            }
            _ => return Err(fail("type 'help' for the decisions")),
        })
    }
}

impl Serialize for WorldsAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for WorldsAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WorldsAction, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A square's name on `grid`: its file's letter (`a` for the first of up
/// to 26) and its rank from 1 (`c4`).
pub fn square_on(grid: &Grid, c: Cell) -> String {
    let w = u16::from(grid.width().max(1));
    let (file, rank) = (u16::from(c.0) % w, u16::from(c.0) / w);
    format!("{}{}", char::from(b'a' + (file.min(25) as u8)), rank + 1)
}

/// The square named `text` on `grid` (see [`square_on`]), if it is on it.
pub fn parse_square_on(grid: &Grid, text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    let file = b.first()?.to_ascii_lowercase().checked_sub(b'a')?;
    let digits = text.get(1..)?;
    if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') || !digits.bytes().all(|d| d.is_ascii_digit()) {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    grid.cell(i32::from(file), rank - 1)
}
