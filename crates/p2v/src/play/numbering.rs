//! A fixed number for every action a loaded game can ever make legal, for
//! front ends that speak integers (the Python API's `legal_actions()`,
//! PettingZoo's discrete action space): `Entry::num_distinct_actions` and
//! `Entry::action_index`.
//!
//! The numbers depend on the loaded game only (its map and both warbands),
//! never on a state. With
//!
//! - `n` squares on the battlefield (`width × height`), a square numbered
//!   `rank · width + file` from a1;
//! - `r` creatures in the roster (both warbands), by roster index;
//! - `w` and `p` the most weapons and powers any creature of the roster
//!   has (32 at most: the legal list never goes further);
//! - `c` the most cones a creature of the roster may aim: `4 + 4 · side`
//!   for the largest space's side (`arbiter_geometry::battle::cone_origins`);
//! - `l` the most cover lines a defender may be offered: one per distinct
//!   outcome over the 9 points of the attacker's square and the
//!   `(2 · side + 1)²` points of the largest defender's space, at most 255;
//! - `d` the map's doors, in the map's order (a door's number is its place
//!   among the doors, not its piece index);
//! - `z` deployment zones (4 corners, or 2 long edges on a large board),
//!   8 objective kinds (each placed once, so at most 8 objectives), 18
//!   skills and 8 conditions,
//!
//! the blocks are, in order:
//!
//! | block | actions | size |
//! |---|---|---|
//! | fixed | `End`, `Ready`, `DropProne`, `Stand`, `React`, `Pass` | 6 |
//! | objective | `Objective { kind, at }` | 8 · n |
//! | zone | `Zone { zone }` | z |
//! | place | `Place { who, at }` | r · n |
//! | activate | `Activate { who }` | r |
//! | stride, step, leap, crawl | `Stride { to }`, `Step { to }`, `Leap { to }`, `Crawl { to }` | n each |
//! | strike | `Strike { weapon, target }` | w · r |
//! | claim | `Claim { objective, skill }` | 8 · 18 |
//! | trip, grapple | `Trip { target }`, `Grapple { target }` | r each |
//! | shove | `Shove { target, to }` | r · n |
//! | escape | `Escape { condition }` | 8 |
//! | door | `Door { piece, open }`: close, then open | 2 · d |
//! | line | `Line { line }` | l |
//! | use here | `Use { power, aim: Here }` | p |
//! | use creature | `Use { power, aim: Creature { who } }` | p · r |
//! | use cone | `Use { power, aim: Cone { index } }` | p · c |
//! | use square | `Use { power, aim: Square { at } }` | p · n |
//! | use line | `Use { power, aim: Line { toward } }` | p · n |
//! | pluck | `Pluck { target }` | r |
//! | regain | `Regain { power }` | p |
//! | join | `Join { who }` | r |
//! | switch | `Switch { who }` | r |
//! | give | `Give { who }` | r |
//! | mount | `Mount { who }` | r |
//! | dismount | `Dismount { to }` | n |
//! | haul | `Haul { to }` | n |
//! | tumble | `Tumble { to }` | n |
//! | long jump | `LongJump` | 1 |
//! | jump | `Jump { dir, over }` | 8 × 10 (direction N, NE, … NW, then 1 to 10 squares) |
//! | disguise | `Disguise { objective }` | 8 |
//! | spot | `Spot { objective }` | 8 |
//! | tile | `Tile { tile, at, turn }` | 7 · 4 · n (tile, then turn, then square), on the map `tiles` only (else 0) |
//! | carry | `Carry { body }` (a body is of an eliminated creature or of a Trail of Bodies) | r + b |
//! | drop load | `DropLoad` | 1 |
//! | body | `Body { at }` (a body of a Trail of Bodies laid in the set-up), if b > 0 (else 0) | n |
//! | object | `Object { at }` (a False Object's extra obstacle), if o (else 0) | n |
//! | hide | `Hide { at }` (the obstacle a False Object is), if o (else 0) | n |
//! | spot obstacle | `SpotObstacle { at }`, if o (else 0) | n |
//! | take | `Take { item }` (an item from a body) | i |
//!
//! where `b` is 6 for each creature of the roster with Trail of Bodies (its
//! d6 of bodies), `o` says whether a creature of the roster has False
//! Object, and `i` is how many items of the game can be taken from a body
//! (at most 16).
//!
//! On the map `tiles` the doors are those of the tiles laid, so `d` is the
//! most pieces the tiles laid could have (tiles × the most pieces of a
//! tile), and a door's number is its piece index.
//!
//! An action outside these bounds (a square off the map, a creature not in
//! the roster, a door that is not one) has no number (`None`), never one
//! shared with another action. With the default warbands (12 creatures,
//! at most 2 weapons and 2 powers each, a Large cave bear: `c` = 12,
//! `l` = 225) the shipped maps have 19 245 numbers on the ruined crossroads
//! (24 × 18, no door), 37 823 on the river ford (36 × 24, 1 door) and
//! 74 975 on the broken hills (48 × 36, 2 doors, 2 zones); the place,
//! shove and power-square blocks make most of them. `tests/numbering.rs`
//! pins them.

use super::action::{Action, Aim};
use super::damage::SKILLS;
use super::door::doors_of;
use super::longjump::LONGEST;
use super::objective::Kind;
use super::rules::P2v;
use super::state::Conditions;
use arbiter_geometry::battle::{Dir, Square};

/// The bounds of a loaded game's numbering (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The battlefield's width, in squares.
    pub width: usize,
    /// The battlefield's height, in squares.
    pub height: usize,
    /// Creatures in the roster.
    pub roster: usize,
    /// The most weapons a creature of the roster has.
    pub weapons: usize,
    /// The most powers a creature of the roster has.
    pub powers: usize,
    /// The most cones a creature of the roster may aim.
    pub cones: usize,
    /// The most cover lines a defender may be offered.
    pub lines: usize,
    /// The map's doors, by piece index, in the map's order.
    pub doors: Vec<u16>,
    /// Deployment zones.
    pub zones: usize,
    /// Tile placements per square: tiles × 4 turns on the map `tiles`, else 0.
    pub tiles: usize,
    /// The most bodies Trail of Bodies can lay: 6 per creature with it.
    pub trail: usize,
    /// Whether a creature of the roster has False Object.
    pub false_object: bool,
    /// The items that can be taken from a body.
    pub items: usize,
}

/// Objectives: one of each kind at most.
const OBJECTIVES: usize = Kind::ALL.len();

/// Conditions, one bit each.
const CONDITIONS: usize = Conditions::NAMES.len();

/// Blocks in numbering order.
const BLOCKS: usize = 43;

impl Bounds {
    /// The bounds of `g`'s numbering, worked out from its map and roster
    /// (kept by the game: [`P2v::bounds`]).
    pub(crate) fn of(g: &P2v) -> Bounds {
        let terrain = g.base_terrain();
        let board = terrain.board();
        let roster = g.roster();
        let side = roster.iter().map(|p| usize::from(p.size.side())).max().unwrap_or(1);
        Bounds {
            width: usize::try_from(board.width()).unwrap_or(0),
            height: usize::try_from(board.height()).unwrap_or(0),
            roster: roster.len().min(usize::from(u8::MAX) + 1),
            weapons: roster.iter().map(|p| p.weapons.len().min(32)).max().unwrap_or(0),
            powers: roster.iter().map(|p| p.powers.len().min(32)).max().unwrap_or(0),
            cones: 4 + 4 * side,
            lines: (9 * (2 * side + 1) * (2 * side + 1)).min(255),
            doors: match g.tiles_each() {
                0 => doors_of(terrain).iter().map(|d| d.piece).collect(),
                each => {
                    let slots = usize::from(each) * 2 * super::tiles::most_pieces() + terrain.pieces().len();
                    (0..slots.min(usize::from(u16::MAX))).map(|p| p as u16).collect()
                }
            },
            zones: g.zone_names().len(),
            tiles: if g.tiles_each() == 0 { 0 } else { super::tiles::tile_count() * 4 },
            trail: 6 * (0..roster.len()).filter(|&i| g.trail(i)).count(),
            false_object: (0..roster.len()).any(|i| g.false_object(i)),
            items: g.item_count(),
        }
    }

    /// Squares on the battlefield.
    pub fn squares(&self) -> usize {
        self.width * self.height
    }

    /// The blocks' sizes, in numbering order.
    fn blocks(&self) -> [usize; BLOCKS] {
        let (n, r, p) = (self.squares(), self.roster, self.powers);
        [
            6,                                     // fixed
            OBJECTIVES * n,                        // objective
            self.zones,                            // zone
            r * n,                                 // place
            r,                                     // activate
            n,                                     // stride
            n,                                     // step
            n,                                     // leap
            n,                                     // crawl
            self.weapons * r,                      // strike
            OBJECTIVES * SKILLS.len(),             // claim
            r,                                     // trip
            r,                                     // grapple
            r * n,                                 // shove
            CONDITIONS,                            // escape
            2 * self.doors.len(),                  // door
            self.lines,                            // line
            p,                                     // use here
            p * r,                                 // use creature
            p * self.cones,                        // use cone
            p * n,                                 // use square
            p * n,                                 // use line
            r,                                     // pluck
            p,                                     // regain
            r,                                     // join
            r,                                     // switch
            r,                                     // give
            r,                                     // mount
            n,                                     // dismount
            n,                                     // haul
            n,                                     // tumble
            1,                                     // long jump
            8 * usize::from(LONGEST),              // jump
            OBJECTIVES,                            // disguise
            OBJECTIVES,                            // spot
            self.tiles * n,                        // tile
            r + self.trail,                        // carry
            1,                                     // drop load
            if self.trail > 0 { n } else { 0 },    // body
            if self.false_object { n } else { 0 }, // object
            if self.false_object { n } else { 0 }, // hide
            if self.false_object { n } else { 0 }, // spot obstacle
            self.items,                            // take
        ]
    }

    /// How many numbers there are.
    pub fn count(&self) -> usize {
        self.blocks().iter().sum()
    }

    /// A square's number, if it is on the battlefield.
    fn square(&self, sq: Square) -> Option<usize> {
        let (f, r) = (usize::try_from(sq.file()).ok()?, usize::try_from(sq.rank()).ok()?);
        (f < self.width && r < self.height).then_some(r * self.width + f)
    }

    /// `i` if it is below `bound`.
    fn below(i: impl Into<usize>, bound: usize) -> Option<usize> {
        let i = i.into();
        (i < bound).then_some(i)
    }

    /// The number of `action` (see the module documentation), or `None`
    /// for an action outside the bounds.
    pub fn number(&self, action: &Action) -> Option<usize> {
        let sizes = self.blocks();
        let (n, r) = (self.squares(), self.roster);
        let who = |i: u8| Bounds::below(i, r);
        let power = |i: u8| Bounds::below(i, self.powers);
        let (block, offset) = match *action {
            Action::End => (0, 0),
            Action::Ready => (0, 1),
            Action::DropProne => (0, 2),
            Action::Stand => (0, 3),
            Action::React => (0, 4),
            Action::Pass => (0, 5),
            Action::Objective { kind, at } => (1, Kind::ALL.iter().position(|k| *k == kind)? * n + self.square(at)?),
            Action::Zone { zone } => (2, Bounds::below(zone, self.zones)?),
            Action::Place { who: w, at } => (3, who(w)? * n + self.square(at)?),
            Action::Activate { who: w } => (4, who(w)?),
            Action::Stride { to } => (5, self.square(to)?),
            Action::Step { to } => (6, self.square(to)?),
            Action::Leap { to } => (7, self.square(to)?),
            Action::Crawl { to } => (8, self.square(to)?),
            Action::Strike { weapon, target } => (9, Bounds::below(weapon, self.weapons)? * r + who(target)?),
            Action::Claim { objective, skill } => {
                (10, Bounds::below(objective, OBJECTIVES)? * SKILLS.len() + Bounds::below(skill, SKILLS.len())?)
            }
            Action::Trip { target } => (11, who(target)?),
            Action::Grapple { target } => (12, who(target)?),
            Action::Shove { target, to } => (13, who(target)? * n + self.square(to)?),
            Action::Escape { condition } => (14, Bounds::below(condition, CONDITIONS)?),
            Action::Door { piece, open } => (15, self.doors.iter().position(|d| *d == piece)? * 2 + usize::from(open)),
            Action::Line { line } => (16, Bounds::below(line, self.lines)?),
            Action::Use { power: pw, aim } => {
                let pw = power(pw)?;
                match aim {
                    Aim::Here => (17, pw),
                    Aim::Creature { who: w } => (18, pw * r + who(w)?),
                    Aim::Cone { index } => (19, pw * self.cones + Bounds::below(index, self.cones)?),
                    Aim::Square { at } => (20, pw * n + self.square(at)?),
                    Aim::Line { toward } => (21, pw * n + self.square(toward)?),
                }
            }
            Action::Pluck { target } => (22, who(target)?),
            Action::Regain { power: pw } => (23, power(pw)?),
            Action::Join { who: w } => (24, who(w)?),
            Action::Switch { who: w } => (25, who(w)?),
            Action::Give { who: w } => (26, who(w)?),
            Action::Mount { who: w } => (27, who(w)?),
            Action::Dismount { to } => (28, self.square(to)?),
            Action::Haul { to } => (29, self.square(to)?),
            Action::Tumble { to } => (30, self.square(to)?),
            Action::LongJump => (31, 0),
            Action::Jump { dir, over } => {
                let d = Dir::ALL.iter().position(|x| *x == dir)?;
                (32, d * usize::from(LONGEST) + usize::from(over.checked_sub(1).filter(|o| *o < LONGEST)?))
            }
            Action::Disguise { objective } => (33, Bounds::below(objective, OBJECTIVES)?),
            Action::Spot { objective } => (34, Bounds::below(objective, OBJECTIVES)?),
            Action::Tile { tile, at, turn } => {
                let k = usize::from(tile) * 4 + Bounds::below(turn, 4)?;
                (35, Bounds::below(k, self.tiles)? * n + self.square(at)?)
            }
            // A body is of an eliminated creature, once: fewer than r.
            Action::Carry { body } => (36, Bounds::below(body, r + self.trail)?),
            Action::DropLoad => (37, 0),
            Action::Body { at } if self.trail > 0 => (38, self.square(at)?),
            Action::Body { .. } => return None,
            Action::Object { at } if self.false_object => (39, self.square(at)?),
            Action::Hide { at } if self.false_object => (40, self.square(at)?),
            Action::SpotObstacle { at } if self.false_object => (41, self.square(at)?),
            Action::Object { .. } | Action::Hide { .. } | Action::SpotObstacle { .. } => return None,
            Action::Take { item } => (42, Bounds::below(item, self.items)?),
        };
        Some(sizes[..block].iter().sum::<usize>() + offset)
    }
}

impl P2v {
    /// How many action numbers this game has.
    pub fn action_count(&self) -> usize {
        self.bounds().count()
    }

    /// The fixed number of `action` (see the module documentation), or
    /// `None` for an action this game can never make legal.
    pub fn action_number(&self, action: &Action) -> Option<usize> {
        self.bounds().number(action)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::play::Variant;
    use arbiter_core::Game;

    #[test]
    fn blocks_follow_one_another_without_gaps() {
        let g = P2v::new(Variant::default(), 2).unwrap();
        let b = g.bounds();
        assert_eq!((b.width, b.height), (24, 18));
        assert_eq!(b.number(&Action::End), Some(0));
        assert_eq!(b.number(&Action::Pass), Some(5));
        assert_eq!(b.number(&Action::Objective { kind: Kind::Book, at: Square::at(0, 0) }), Some(6));
        assert_eq!(b.number(&Action::Objective { kind: Kind::Book, at: Square::at(1, 0) }), Some(7));
        assert_eq!(b.number(&Action::Objective { kind: Kind::Book, at: Square::at(0, 1) }), Some(6 + 24));
        // No tile block on a map: the loads come after the spots.
        let spot = b.number(&Action::Spot { objective: 7 }).unwrap();
        assert_eq!(b.number(&Action::Carry { body: 0 }), Some(spot + 1));
        assert_eq!(b.number(&Action::DropLoad), Some(b.count() - 1));
        assert_eq!(b.number(&Action::Carry { body: b.roster as u8 }), None);
        assert_eq!(b.number(&Action::Tile { tile: 0, at: Square::at(0, 0), turn: 0 }), None);
        // Off the map, out of the roster: no number.
        assert_eq!(b.number(&Action::Stride { to: Square::at(24, 0) }), None);
        assert_eq!(b.number(&Action::Activate { who: b.roster as u8 }), None);
        assert_eq!(b.number(&Action::Door { piece: 9999, open: true }), None);
        assert_eq!(b.number(&Action::Escape { condition: 8 }), None);
    }

    /// Every action within the bounds, block by block.
    fn every_action(b: &Bounds) -> Vec<Action> {
        let squares: Vec<Square> =
            (0..b.height).flat_map(|r| (0..b.width).map(move |f| Square::at(f as u8, r as u8))).collect();
        let who = || 0..b.roster as u8;
        let mut out = vec![Action::End, Action::Ready, Action::DropProne, Action::Stand, Action::React, Action::Pass];
        for kind in Kind::ALL {
            out.extend(squares.iter().map(|&at| Action::Objective { kind, at }));
        }
        out.extend((0..b.zones as u8).map(|zone| Action::Zone { zone }));
        for w in who() {
            out.extend(squares.iter().map(|&at| Action::Place { who: w, at }));
        }
        out.extend(who().map(|w| Action::Activate { who: w }));
        out.extend(squares.iter().map(|&to| Action::Stride { to }));
        out.extend(squares.iter().map(|&to| Action::Step { to }));
        out.extend(squares.iter().map(|&to| Action::Leap { to }));
        out.extend(squares.iter().map(|&to| Action::Crawl { to }));
        for weapon in 0..b.weapons as u8 {
            out.extend(who().map(|target| Action::Strike { weapon, target }));
        }
        for objective in 0..OBJECTIVES as u8 {
            out.extend((0..SKILLS.len() as u8).map(|skill| Action::Claim { objective, skill }));
        }
        out.extend(who().map(|target| Action::Trip { target }));
        out.extend(who().map(|target| Action::Grapple { target }));
        for target in who() {
            out.extend(squares.iter().map(|&to| Action::Shove { target, to }));
        }
        out.extend((0..CONDITIONS as u8).map(|condition| Action::Escape { condition }));
        for &piece in &b.doors {
            out.extend([false, true].map(|open| Action::Door { piece, open }));
        }
        out.extend((0..b.lines as u8).map(|line| Action::Line { line }));
        let powers = || 0..b.powers as u8;
        out.extend(powers().map(|power| Action::Use { power, aim: Aim::Here }));
        for power in powers() {
            out.extend(who().map(|w| Action::Use { power, aim: Aim::Creature { who: w } }));
        }
        for power in powers() {
            out.extend((0..b.cones as u8).map(|index| Action::Use { power, aim: Aim::Cone { index } }));
        }
        for power in powers() {
            out.extend(squares.iter().map(|&at| Action::Use { power, aim: Aim::Square { at } }));
        }
        for power in powers() {
            out.extend(squares.iter().map(|&toward| Action::Use { power, aim: Aim::Line { toward } }));
        }
        out.extend(who().map(|target| Action::Pluck { target }));
        out.extend(powers().map(|power| Action::Regain { power }));
        out.extend(who().map(|w| Action::Join { who: w }));
        out.extend(who().map(|w| Action::Switch { who: w }));
        out.extend(who().map(|w| Action::Give { who: w }));
        out.extend(who().map(|w| Action::Mount { who: w }));
        out.extend(squares.iter().map(|&to| Action::Dismount { to }));
        out.extend(squares.iter().map(|&to| Action::Haul { to }));
        out.extend(squares.iter().map(|&to| Action::Tumble { to }));
        out.push(Action::LongJump);
        for dir in Dir::ALL {
            out.extend((1..=LONGEST).map(|over| Action::Jump { dir, over }));
        }
        out.extend((0..OBJECTIVES as u8).map(|objective| Action::Disguise { objective }));
        out.extend((0..OBJECTIVES as u8).map(|objective| Action::Spot { objective }));
        for k in 0..b.tiles {
            let (tile, turn) = ((k / 4) as u8, (k % 4) as u8);
            out.extend(squares.iter().map(|&at| Action::Tile { tile, at, turn }));
        }
        out.extend((0..(b.roster + b.trail) as u8).map(|body| Action::Carry { body }));
        out.push(Action::DropLoad);
        if b.trail > 0 {
            out.extend(squares.iter().map(|&at| Action::Body { at }));
        }
        if b.false_object {
            out.extend(squares.iter().map(|&at| Action::Object { at }));
            out.extend(squares.iter().map(|&at| Action::Hide { at }));
            out.extend(squares.iter().map(|&at| Action::SpotObstacle { at }));
        }
        out.extend((0..b.items as u8).map(|item| Action::Take { item }));
        out
    }

    /// The numbering is a one-to-one map from the actions within the
    /// bounds onto `0..count`, in block order, on every shipped map (with
    /// a line-aimed power, the Stormdrinker's, in the roster).
    #[test]
    fn every_action_within_the_bounds_has_the_next_number() {
        let storm = crate::warband::WarbandFile::parse(
            "name = \"Storm\"\npoints = 150\n[[entry]]\ncreature = \"Stormdrinker\"\n",
            crate::Format::Toml,
        )
        .unwrap();
        for map in ["ruined-crossroads", "river-ford", "broken-hills", "tiles"] {
            let mut v = Variant { map: map.into(), ..Variant::default() };
            v.warbands[1] = storm.clone();
            // Trail of Bodies on the ruined crossroads: its bodies' block;
            // False Object on the river ford: its three blocks.
            if map == "ruined-crossroads" {
                v.warbands[1].entries[0].upgrades.push("Trail of Bodies".into());
            }
            if map == "river-ford" {
                v.warbands[1].entries[0].upgrades.push("False Object".into());
            }
            let g = P2v::new(v, 2).unwrap();
            let b = g.bounds();
            assert_eq!(b.trail, if map == "ruined-crossroads" { 6 } else { 0 });
            assert_eq!(b.false_object, map == "river-ford");
            let all = every_action(b);
            assert_eq!(all.len(), b.count(), "{map}");
            for (k, a) in all.iter().enumerate() {
                assert_eq!(b.number(a), Some(k), "{map}: {a:?}");
            }
        }
    }
}
