//! A fixed number for every decision an E'thia Worlds adventure can offer,
//! for front ends that speak integers (the Python API's `legal_actions()`,
//! PettingZoo's discrete action space): `Entry::num_distinct_actions` and
//! `Entry::action_index`. The observation as a tensor is in `tensor.rs`.
//!
//! The numbers depend on the loaded game only: its quest map (`c` squares,
//! numbered `rank · width + file` from a1), its `L` leaders and its token
//! bound `T` (below). The blocks are, in order:
//!
//! | block | actions | size |
//! |---|---|---|
//! | plain | `done roll heal move parley escape end reroll charm quicken go resolve stop` | 13 |
//! | buy, give, get | `Buy(item)`, `Give(item)`, `Get(item)`: 8 elixirs, then 16 relics | 3 · 24 |
//! | drink, take | `Drink(elixir)`, `Take(elixir)` | 2 · 8 |
//! | chest | `Chest(pick)`: three, one, relic | 3 |
//! | charm of | `CharmOf(bonus)`: movement, defense, attack, range | 4 |
//! | tunnel | `Tunnel(dir)`: n, e, s, w | 4 |
//! | step | `Step(dir)`: n, ne, e, se, s, sw, w, nw | 8 |
//! | leaders | `Lead`, `Revive`, `Favour`, `Trade`, `Aim`, each by leader | 5 · L |
//! | squares | `Place`, `Attack`, `Search`, `Disarm`, `Pick`, each by square | 5 · c |
//! | pair | `Pair(square, leader)`: square · L + leader | c · L |
//! | tokens | `GiveTokens(n)`, then `GetTokens(n)`, n from 1 to T | 2 · T |
//!
//! Items are numbered as `Item::bit` orders them (elixirs in `Elixir::ALL`
//! order; relics vitality, might, guard, swiftness, reach, haste,
//! resurrection, coyote-favour, training ×4, charm ×4).
//!
//! `T` is the most truth tokens one leader can ever hold, derived from the
//! rules and the quest: tokens are never made except as rewards, only the
//! Smokey Cauldron spends them, and trades only move them between leaders,
//! so no leader holds more than the party's starting tokens plus every
//! reward the quest can pay — each starting enemy's worth, the boss's worth
//! and its worth to each other leader, a close-quarters enemy's worth for
//! every enemy the boss can call (its call's count in each of the round
//! limit's rounds), 5 per chest (a search pays at most 5), each trap's and
//! lock's reward and diplomacy's reward (it succeeds once). A trade offers
//! amounts up to the whole holding, so every legal amount is at most `T` and
//! has its own number. The Kingdom of Coyote with the rulebook's four
//! leaders and 40 rounds has `T` = 218 and 1 728 numbers; the test quest
//! The Duke's Den has `T` = 155 and 774.
//!
//! A variant whose bound passes [`TOKEN_BOUND_LIMIT`] (a party file with a
//! fortune, thousands of rounds) is not numbered once for all: its count and
//! numbers are `None`, and front ends number its actions as they come (the
//! core's `ActionCodebook`).

use super::action::{ChestPick, Item, WorldsAction};
use super::card::{Bonus, Elixir, LeaderCard};
use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use arbiter_geometry::{Cell, Dir};

/// The largest token bound numbered once for all (see the module
/// documentation): 2 × 5 000 token numbers at most.
pub const TOKEN_BOUND_LIMIT: u64 = 5_000;

/// Kinds of item: 8 elixirs and 16 relics.
const ITEMS: usize = 24;

/// The blocks that do not depend on the quest: plain, buy, give, get,
/// drink, take, chest, charm of, tunnel, step.
const FIXED: [usize; 10] = [13, ITEMS, ITEMS, ITEMS, 8, 8, 3, 4, 4, 8];

impl EthiaWorlds {
    /// Leaders on the board: as many as asked (or the quest's number), no
    /// more than the party's cards and the quest's start squares.
    pub fn leader_count(&self) -> usize {
        let asked = if self.variant.leaders == 0 { self.quest.leaders } else { self.variant.leaders };
        let cards = if self.variant.party.is_empty() { 4 } else { self.variant.party.len() };
        usize::from(asked).min(cards).min(self.quest.starts.len())
    }

    /// The most truth tokens one leader can ever hold in this game (see the
    /// module documentation), saturating.
    pub fn token_bound(&self) -> u64 {
        let q = &self.quest;
        let leaders = self.leader_count();
        let party =
            if self.variant.party.is_empty() { LeaderCard::default_party() } else { self.variant.party.clone() };
        let mut total: u64 = party.iter().take(leaders).map(|c| u64::from(c.tokens)).sum();
        let add = |total: &mut u64, times: u64, each: u32| {
            *total = total.saturating_add(times.saturating_mul(u64::from(each)))
        };
        for &(kind, _) in &q.enemies {
            match kind {
                EnemyKind::Close => add(&mut total, 1, q.close.tokens),
                EnemyKind::Ranged => add(&mut total, 1, q.ranged.tokens),
                EnemyKind::Boss => {
                    if let Some(b) = &q.boss {
                        add(&mut total, 1, b.tokens);
                        add(&mut total, leaders.saturating_sub(1) as u64, b.tokens_others);
                        if let Some(call) = &b.call {
                            let called = u64::from(call.count) * u64::from(self.variant.round_limit);
                            add(&mut total, called, q.close.tokens);
                        }
                        if let Some(d) = &b.diplomacy {
                            add(&mut total, 1, d.reward);
                        }
                    }
                }
            }
        }
        add(&mut total, u64::from(q.chests.len()), 5);
        add(&mut total, u64::from(q.striking_at.len()), q.striking.reward);
        add(&mut total, u64::from(q.blocking_at.len()), q.blocking.reward);
        add(&mut total, u64::from(q.locks_at.len()), q.lock.reward);
        total
    }

    /// The token bound as a block size, if the game is numbered once for all.
    fn token_block(&self) -> Option<usize> {
        let t = self.token_bound();
        (t <= TOKEN_BOUND_LIMIT).then_some(t as usize)
    }

    /// Squares on the quest map.
    pub(crate) fn cells(&self) -> usize {
        usize::from(self.grid().width()) * usize::from(self.grid().height())
    }

    /// The blocks' sizes, in numbering order: the fixed ones, then leaders,
    /// squares, pair, tokens.
    fn blocks(&self, tokens: usize) -> [usize; 14] {
        let (c, l) = (self.cells(), self.leader_count());
        let mut b = [0; 14];
        b[..10].copy_from_slice(&FIXED);
        b[10..].copy_from_slice(&[5 * l, 5 * c, c * l, 2 * tokens]);
        b
    }

    /// How many action numbers this game has, or `None` when its token
    /// bound passes [`TOKEN_BOUND_LIMIT`].
    pub fn action_count(&self) -> Option<usize> {
        Some(self.blocks(self.token_block()?).iter().sum())
    }

    /// The fixed number of `action` (see the module documentation), or
    /// `None` for an action this game can never offer (a square off the
    /// map, a leader not on the board, a diagonal tunnel, no tokens or more
    /// than the bound) or when the game is not numbered.
    pub fn action_number(&self, action: &WorldsAction) -> Option<usize> {
        use WorldsAction::*;
        let t = self.token_block()?;
        let sizes = self.blocks(t);
        let start = |block: usize| sizes[..block].iter().sum::<usize>();
        let (c, l) = (self.cells(), self.leader_count());
        let cell = |at: Cell| self.grid().contains(at).then(|| at.index());
        let who = |n: u8| (usize::from(n) < l).then_some(usize::from(n));
        let amount = |n: u32| (1..=t).contains(&(n as usize)).then(|| n as usize - 1);
        let (block, offset) = match *action {
            Done => (0, 0),
            Roll => (0, 1),
            Heal => (0, 2),
            Move => (0, 3),
            Parley => (0, 4),
            Escape => (0, 5),
            End => (0, 6),
            Reroll => (0, 7),
            Charm => (0, 8),
            Quicken => (0, 9),
            Go => (0, 10),
            Resolve => (0, 11),
            Stop => (0, 12),
            Buy(i) => (1, item_number(i)),
            Give(i) => (2, item_number(i)),
            Get(i) => (3, item_number(i)),
            Drink(e) => (4, elixir_number(e)),
            Take(e) => (5, elixir_number(e)),
            Chest(p) => {
                (6, [ChestPick::ThreeElixirs, ChestPick::OneElixir, ChestPick::Relic].iter().position(|x| *x == p)?)
            }
            CharmOf(b) => (7, Bonus::ALL.iter().position(|x| *x == b)?),
            Tunnel(d) => (8, Dir::ORTHOGONAL.iter().position(|x| *x == d)?),
            Step(d) => (9, Dir::ALL.iter().position(|x| *x == d)?),
            Lead(n) => (10, who(n)?),
            Revive(n) => (10, l + who(n)?),
            Favour(n) => (10, 2 * l + who(n)?),
            Trade(n) => (10, 3 * l + who(n)?),
            Aim(n) => (10, 4 * l + who(n)?),
            Place(at) => (11, cell(at)?),
            Attack(at) => (11, c + cell(at)?),
            Search(at) => (11, 2 * c + cell(at)?),
            Disarm(at) => (11, 3 * c + cell(at)?),
            Pick(at) => (11, 4 * c + cell(at)?),
            Pair(at, n) => (12, cell(at)? * l + who(n)?),
            GiveTokens(n) => (13, amount(n)?),
            GetTokens(n) => (13, t + amount(n)?),
        };
        Some(start(block) + offset)
    }
}

/// An item's number among the 24 kinds (its `Item::bit`).
fn item_number(i: Item) -> usize {
    i.bit().trailing_zeros() as usize
}

/// An elixir's number in `Elixir::ALL` order.
fn elixir_number(e: Elixir) -> usize {
    Elixir::ALL.iter().position(|x| *x == e).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worlds::WorldsVariant;
    use crate::worlds::card::{LeaderType, Relic};
    use arbiter_core::Game;

    #[test]
    fn every_kind_of_item_has_its_own_number_below_24() {
        let mut items: Vec<Item> = Elixir::ALL.map(Item::Elixir).to_vec();
        items.extend(Relic::for_sale().into_iter().map(Item::Relic));
        items.extend(Bonus::ALL.map(|b| Item::Relic(Relic::Charm(b))));
        items.push(Item::Relic(Relic::CoyoteFavour));
        let mut numbers: Vec<usize> = items.iter().map(|&i| item_number(i)).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (0..ITEMS).collect::<Vec<_>>());
        assert_eq!(item_number(Item::Relic(Relic::Training(LeaderType::Scout))), 19);
    }

    #[test]
    fn the_token_bound_adds_up_the_kingdom_of_coyote_s_rewards() {
        let g = EthiaWorlds::new(WorldsVariant::default(), 1).unwrap();
        // 7 Coyotes × 1 + 4 Hawks × 2 + the Duke 20 + 3 × 10 to the others
        // + 3 called Coyotes × 40 rounds + diplomacy 3 + 3 chests × 5
        // + 4 traps × 3 + 1 lock × 3.
        assert_eq!(g.token_bound(), 7 + 8 + 20 + 30 + 120 + 3 + 15 + 12 + 3);
        let rich = WorldsVariant { round_limit: 60_000, ..WorldsVariant::default() };
        let g = EthiaWorlds::new(rich, 1).unwrap();
        assert!(g.token_bound() > TOKEN_BOUND_LIMIT);
        assert_eq!((g.action_count(), g.action_number(&WorldsAction::End)), (None, None));
    }
}
