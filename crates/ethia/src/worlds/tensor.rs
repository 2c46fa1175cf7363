//! An E'thia Worlds observation as a tensor, for learning agents
//! (`Entry::observation_tensor`): [`PLANES`] planes of the quest map's
//! height × width, row-major, square `rank · width + file` at row `rank`,
//! column `file`. The observation is the whole table (the party keeps no
//! secrets from itself), so every seat's tensor is the same.
//!
//! Every value is finite and at least 0: 0 or 1 unless a divisor is given.
//! Leaders have four slots (leader 1 to 4, empty when fewer go); facts
//! that are not about a square fill their whole plane ("constant").
//!
//! | planes | what |
//! |---|---|
//! | 0 | the squares of the map (all 1) |
//! | 1, 2 | a wall on the square's north side, east side |
//! | 3–6 | a closed chest, an armed striking trap, an armed blocking trap, a closed lock |
//! | 7 + 4i … 10 + 4i | leader i+1: conscious on the square, unconscious on the square, its hit points ÷ 6 on its square, its start (escape) square |
//! | 23–25 | a close-quarters enemy, a ranged enemy, the boss |
//! | 26 | an enemy's hit points ÷ 10 (the boss's; others fall to one hit) |
//! | 27–29 | an enemy alerted, marked (attacked this leader round), hostile |
//! | 30 | the leader whose turn it is |
//! | 31 | the enemy the pending decision or dice concern (aim, place, its action roll, a strike) |
//! | 32 | the other leader involved: in a strike, the trade partner, the gift's receiver, the rebuked |
//! | 33 + 47i … 79 + 47i | leader i+1, constant: see [`LEADER_FACTS`] |
//! | 221–271 | the table, constant: see [`TABLE_FACTS`] |
//!
//! Not shown: leader names and stories, what has already moved in a trade
//! in progress, and a task's kind while its die is rolled.

use super::Item;
use super::card::{Element, Elixir, LeaderType};
use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Frame, Leader, Phase, Status, StrikeStep, WorldsEnding, WorldsState};
use arbiter_geometry::{Cell, Edge, Side};

/// Leader slots in the tensor.
const SLOTS: usize = 4;

/// The first plane of each leader's constant facts.
const LEADER_BASE: usize = 33;

/// A leader's constant planes, in order (each is one plane but the last
/// four groups): tokens ÷ 100; captured; escaped; heals used ÷ 2; has had
/// its turn this round; woke this round; Water, Fire, Earth re-rolls left
/// ÷ 2; charm ready; attack, defense, speed elixir active; Coyote's Favour
/// used; its seat ÷ 3; its type (ranger, striker, defender, scout); its
/// element (earth, wind, water, fire); elixirs held of each kind ÷ 4
/// (`Elixir::ALL` order); relics held of each kind (`Item::bit` order).
pub const LEADER_FACTS: usize = 15 + 4 + 4 + 8 + 16;

/// The first plane of the table's constant facts.
const TABLE_BASE: usize = LEADER_BASE + SLOTS * LEADER_FACTS;

/// The table's constant planes, in order: the round ÷ the round limit;
/// actions left ÷ 6; the move roll kept, rolled or squares left ÷ 12; the
/// boss pacified; diplomacy closed; the boss attacked; called enemies
/// still to place ÷ 8; reward elixirs still to pick ÷ 3 and their tier ÷
/// 10; the strike's three attack dice and defence die ÷ 6, close combat,
/// by a leader, charmed; the phase (21, in `Phase` declaration order); the top
/// of the pending work (nothing, aim, place, an enemy's roll, pair, gift,
/// strike dice, strike window, strike re-roll, other); the ending (won,
/// lost, escaped, round limit).
pub const TABLE_FACTS: usize = 16 + PHASES + 10 + 4;

/// Phases, each with its constant plane.
const PHASES: usize = 21;

/// Planes of the observation tensor (see the module documentation).
pub const PLANES: usize = TABLE_BASE + TABLE_FACTS;

impl EthiaWorlds {
    /// The tensor's shape: planes, ranks, files.
    pub fn tensor_shape(&self) -> [usize; 3] {
        [PLANES, usize::from(self.grid().height()), usize::from(self.grid().width())]
    }

    /// The table as numbers (see the module documentation).
    pub fn tensor(&self, s: &WorldsState) -> Vec<f32> {
        let c = self.cells();
        let mut t = Tensor { values: vec![0.0; PLANES * c], cells: c };
        let g = self.grid();
        for cell in g.all().iter() {
            t.put(0, cell, 1.0);
            t.put(1, cell, flag(s.walls.contains(Edge { cell, side: Side::North })));
            t.put(2, cell, flag(s.walls.contains(Edge { cell, side: Side::East })));
        }
        for (plane, set) in [(3, s.chests), (4, s.striking), (5, s.blocking), (6, s.locks)] {
            for cell in set.iter() {
                t.put(plane, cell, 1.0);
            }
        }
        for (i, l) in s.leaders.iter().enumerate().take(SLOTS) {
            let base = 7 + 4 * i;
            if l.on_board() {
                t.put(base + usize::from(!l.active()), l.at, 1.0);
                t.put(base + 2, l.at, f32::from(l.hp.max(0)) / 6.0);
            }
            t.put(base + 3, l.start, 1.0);
            self.leader_facts(&mut t, LEADER_BASE + i * LEADER_FACTS, l);
        }
        for e in s.enemies.iter().filter(|e| !e.gone) {
            let kind = match e.kind {
                EnemyKind::Close => 23,
                EnemyKind::Ranged => 24,
                EnemyKind::Boss => 25,
            };
            t.put(kind, e.at, 1.0);
            t.put(26, e.at, f32::from(e.hp.max(0)) / 10.0);
            t.put(27, e.at, flag(e.alerted));
            t.put(28, e.at, flag(e.marked));
            t.put(29, e.at, flag(e.hostile));
        }
        let leader_at = |n: u8| s.leaders.get(usize::from(n)).filter(|l| l.on_board()).map(|l| l.at);
        let enemy_at = |n: u8| s.enemies.get(usize::from(n)).filter(|e| !e.gone).map(|e| e.at);
        if let Some(at) = s.turn_of.and_then(leader_at) {
            t.put(30, at, 1.0);
        }
        let (enemy, other) = match (s.pending.top(), s.phase) {
            (Some(Frame::Strike(k)), _) => (Some(k.enemy), Some(k.leader)),
            (Some(Frame::Aim { enemy, .. } | Frame::Place { enemy, .. } | Frame::EnemyRoll { enemy, .. }), _) => {
                (Some(*enemy), None)
            }
            (Some(Frame::Gift { leader }), _) => (None, Some(*leader)),
            (Some(Frame::Rebuke { enemy, leader }), _) => (Some(*enemy), Some(*leader)),
            (None, Phase::Trade { partner, .. }) => (None, Some(partner)),
            _ => (None, None),
        };
        if let Some(at) = enemy.and_then(enemy_at) {
            t.put(31, at, 1.0);
        }
        if let Some(at) = other.and_then(leader_at) {
            t.put(32, at, 1.0);
        }
        self.table_facts(&mut t, s);
        t.values
    }

    /// A leader's constant planes from `base` (see [`LEADER_FACTS`]).
    fn leader_facts(&self, t: &mut Tensor, base: usize, l: &Leader) {
        let facts = [
            l.card.tokens as f32 / 100.0,
            flag(l.status == Status::Captured),
            flag(l.status == Status::Escaped),
            f32::from(l.heals) / 2.0,
            flag(l.played),
            flag(l.woke),
            f32::from(l.water_left) / 2.0,
            f32::from(l.fire_left) / 2.0,
            f32::from(l.earth_left) / 2.0,
            flag(l.charm_ready),
            flag(l.attack_boost),
            flag(l.defense_boost),
            flag(l.speed_boost),
            flag(l.favour_used),
            f32::from(l.seat.0) / 3.0,
        ];
        for (k, v) in facts.into_iter().enumerate() {
            t.fill(base + k, v);
        }
        let kinds = [LeaderType::Ranger, LeaderType::Striker, LeaderType::Defender, LeaderType::Scout];
        t.fill(base + 15 + kinds.iter().position(|k| *k == l.card.kind).unwrap_or(0), 1.0);
        let elements = [Element::Earth, Element::Wind, Element::Water, Element::Fire];
        t.fill(base + 19 + elements.iter().position(|e| *e == l.card.element).unwrap_or(0), 1.0);
        for (k, e) in Elixir::ALL.iter().enumerate() {
            let held = l.card.elixirs.iter().filter(|x| *x == e).count();
            t.fill(base + 23 + k, held as f32 / 4.0);
        }
        let mut relics = [0.0f32; 16];
        for r in &l.card.relics {
            let k = Item::Relic(*r).bit().trailing_zeros() as usize;
            if let Some(v) = relics.get_mut(k.wrapping_sub(8)) {
                *v += 1.0;
            }
        }
        for (k, v) in relics.into_iter().enumerate() {
            t.fill(base + 31 + k, v);
        }
    }

    /// The table's constant planes (see [`TABLE_FACTS`]).
    fn table_facts(&self, t: &mut Tensor, s: &WorldsState) {
        let b = TABLE_BASE;
        let roll = match s.phase {
            Phase::MoveRoll { kept, .. } => kept,
            Phase::MoveChoice { roll, .. } => roll,
            Phase::Step { left, .. } => left,
            _ => 0,
        };
        let (to_pick, tier) = match s.phase {
            Phase::PickElixir { left, tier, .. } => (left, tier),
            _ => (0, 0),
        };
        let to_place = match s.phase {
            Phase::CallPlace { left } => left,
            _ => 0,
        };
        let strike = s.strike();
        let die = |k: usize| strike.map_or(0.0, |x| f32::from(x.attack[k]) / 6.0);
        let facts = [
            f32::from(s.round) / f32::from(self.variant.round_limit.max(1)),
            f32::from(s.actions_left) / 6.0,
            f32::from(roll) / 12.0,
            flag(s.pacified),
            flag(s.parley_closed),
            flag(s.boss_attacked),
            f32::from(to_place) / 8.0,
            f32::from(to_pick) / 3.0,
            f32::from(tier) / 10.0,
            die(0),
            die(1),
            die(2),
            strike.map_or(0.0, |x| f32::from(x.defence) / 6.0),
            flag(strike.is_some_and(|x| x.close)),
            flag(strike.is_some_and(|x| x.by_leader)),
            flag(strike.is_some_and(|x| x.charmed)),
        ];
        for (k, v) in facts.into_iter().enumerate() {
            t.fill(b + k, v);
        }
        t.fill(b + 16 + phase_number(&s.phase), 1.0);
        let top = match s.pending.top() {
            None => 0,
            Some(Frame::Aim { .. }) => 1,
            Some(Frame::Place { .. }) => 2,
            Some(Frame::EnemyRoll { .. }) => 3,
            Some(Frame::Pair) => 4,
            Some(Frame::Gift { .. }) => 5,
            Some(Frame::Strike(k)) => match k.step {
                StrikeStep::Roll => 6,
                StrikeStep::Window => 7,
                StrikeStep::Reroll { .. } => 8,
            },
            Some(_) => 9,
        };
        t.fill(b + 16 + PHASES + top, 1.0);
        if let Some(end) = s.ending {
            let k = match end {
                WorldsEnding::Won => 0,
                WorldsEnding::Lost => 1,
                WorldsEnding::Escaped => 2,
                WorldsEnding::RoundLimit => 3,
            };
            t.fill(b + 16 + PHASES + 10 + k, 1.0);
        }
    }
}

/// The values being written, `cells` per plane.
struct Tensor {
    values: Vec<f32>,
    cells: usize,
}

impl Tensor {
    /// Sets a square of a plane (nothing off the map).
    fn put(&mut self, plane: usize, cell: Cell, value: f32) {
        if cell.index() < self.cells
            && let Some(v) = self.values.get_mut(plane * self.cells + cell.index())
        {
            *v = value;
        }
    }

    /// Sets a whole plane.
    fn fill(&mut self, plane: usize, value: f32) {
        if let Some(p) = self.values.get_mut(plane * self.cells..(plane + 1) * self.cells) {
            p.fill(value);
        }
    }
}

/// 1 for true, 0 for false.
fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// A phase's number among the [`PHASES`], in `Phase`'s declaration order.
pub(crate) fn phase_number(p: &Phase) -> usize {
    match p {
        Phase::Shop { .. } => 0,
        Phase::CallRoll => 1,
        Phase::CallPlace { .. } => 2,
        Phase::ChooseLeader => 3,
        Phase::TurnStart { .. } => 4,
        Phase::TunnelDir { .. } => 5,
        Phase::FreeShot { .. } => 6,
        Phase::ActionRoll { .. } => 7,
        Phase::Act { .. } => 8,
        Phase::MoveRoll { .. } => 9,
        Phase::MoveChoice { .. } => 10,
        Phase::Step { .. } => 11,
        Phase::TaskRoll { .. } => 12,
        Phase::ChestSix { .. } => 13,
        Phase::PickElixir { .. } => 14,
        Phase::CharmType { .. } => 15,
        Phase::Trade { .. } => 16,
        Phase::RewardRolls => 17,
        Phase::FavourKeep { .. } => 18,
        Phase::Enemies => 19,
        Phase::Over => 20,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worlds::WorldsVariant;
    use arbiter_core::Game;

    #[test]
    fn the_plane_counts_add_up_to_the_documented_table() {
        assert_eq!(LEADER_FACTS, 47);
        assert_eq!(TABLE_BASE, 221);
        assert_eq!(PLANES, 272);
    }

    #[test]
    fn the_phase_and_the_start_squares_show() {
        let g = EthiaWorlds::new(WorldsVariant::default(), 1).unwrap();
        let s = g.initial_state();
        let t = g.tensor(&s);
        let c = g.cells();
        let plane = |p: usize| &t[p * c..(p + 1) * c];
        assert_eq!(plane(TABLE_BASE + 16 + phase_number(&s.phase))[0], 1.0);
        assert_eq!(plane(7 + 3)[s.leaders[0].start.index()], 1.0);
        assert_eq!(plane(0).iter().sum::<f32>(), c as f32);
    }
}
