//! The observation as a tensor, for learning agents (the Python API's
//! `observation_tensor()`, PettingZoo's observation box):
//! `Entry::observation_tensor_shape` and `Entry::observation_tensor`.
//!
//! Path 2 Victory keeps no secrets (every seat observes the whole state),
//! so the tensor is the same for both seats and names the sides P1 and P2,
//! not "me" and "the other". Its shape is `[PLANES, height, width]` over
//! the loaded battlefield, row-major, a square at `[plane, rank, file]`
//! (rank 0 is the map's first rank, a1 at `[plane, 0, 0]`). Every value is
//! 0 or 1 unless said; a value "(constant)" fills its whole plane; heights
//! are in half squares ÷ 20, capped at 1 (ten squares or more, or
//! unbounded, read 1).
//!
//! | planes | what |
//! |---|---|
//! | 0–14 | the terrain traits in force on the square, in the order of `Traits::NAMES` (concealing, deep water, difficult, door, directional, encumbering, hazardous, obstructing, opaque, solid, teleportation circle, incline, narrow, water, objective; not `plant`); a closed door is solid |
//! | 15 | an open door on the square |
//! | 16, 17 | the square's elevation, its tallest piece's height |
//! | 18–20 | the square's north edge is solid, obstructing, a door |
//! | 21–23 | the square's east edge is solid, obstructing, a door |
//! | 24–26 | an objective no one holds, one P1 holds, one P2 holds |
//! | 27 | the objective's Power ÷ 20 (0 until its d6 is rolled) |
//! | 28, 29 | a square of a P1, a P2 creature's space (dying ones too; not those waiting to deploy or eliminated) |
//! | 30 | that creature's HP ÷ its maximum (0 while dying) |
//! | 31 | its temporary HP ÷ its maximum HP, capped at 1 |
//! | 32–37 | it is dying, prone, has acted this round, has reacted, has readied, is in its shell |
//! | 38 | it takes persistent damage |
//! | 39 | its hero points ÷ 3, capped at 1 |
//! | 40–47 | its conditions, in the order of `Conditions::NAMES` |
//! | 48 | it is the creature taking its turn |
//! | 49, 50 | P1's, P2's chosen deployment zone (6 squares deep) |
//! | 51 | the round ÷ 11 (constant) |
//! | 52, 53 | P1, P2 decides now (constant) |
//! | 54, 55 | the turn's action points left ÷ 3, its attacks so far ÷ 3 (constant) |
//! | 56, 57 | P1's, P2's victory points ÷ 10 (constant) |
//! | 58, 59 | P1's, P2's creatures still to deploy ÷ the roster's size (constant) |
//! | 60–66 | the phase: placing objectives, choosing zones, deploying, activating, a turn, dice or work between decisions, over (constant) |
//! | 67–69 | the decision asked: a reaction (React or Pass), a line for cover, a step of a compound action (constant) |

use super::rules::P2v;
use super::state::{Conditions, Frame, Life, Phase, State};
use arbiter_core::{Game, ToMove};
use arbiter_geometry::battle::{Height, PieceId, Space, Square, Traits};

/// Planes of the observation tensor (see the module documentation).
pub const PLANES: usize = 70;

/// The first of the terrain trait planes.
const TRAITS: usize = 0;
/// The first creature plane (P1's spaces).
const CREATURES: usize = 28;
/// The first constant plane (the round).
const GLOBAL: usize = 51;
/// The first phase plane.
const PHASES: usize = 60;
/// The first plane of the decision asked.
const ASKED: usize = 67;

/// A height as a tensor value.
fn height(h: Height) -> f32 {
    f32::from(h.0.min(20)) / 20.0
}

impl P2v {
    /// The tensor's shape: planes, ranks, files.
    pub fn tensor_shape(&self) -> [usize; 3] {
        let b = self.base_terrain().board();
        [PLANES, usize::try_from(b.height()).unwrap_or(0), usize::try_from(b.width()).unwrap_or(0)]
    }

    /// The state as numbers (see the module documentation).
    pub fn tensor(&self, s: &State) -> Vec<f32> {
        let [_, h, w] = self.tensor_shape();
        let area = h * w;
        let mut t = vec![0.0f32; PLANES * area];
        let cell = |sq: Square| {
            let (f, r) = (usize::try_from(sq.file()).ok()?, usize::try_from(sq.rank()).ok()?);
            (f < w && r < h).then_some(r * w + f)
        };
        let mut put = |plane: usize, sq: Square, value: f32| {
            if let Some(v) = cell(sq).and_then(|c| t.get_mut(plane * area + c)) {
                *v = value;
            }
        };
        let field = self.field(s);
        let terrain = field.terrain();
        for sq in terrain.board().all().iter() {
            let traits = terrain.traits(sq);
            // The first fifteen traits; `plant` (Forest Stride's) has no plane.
            for (k, (trait_, _)) in Traits::NAMES.iter().take(15).enumerate() {
                if traits.contains(*trait_) {
                    put(TRAITS + k, sq, 1.0);
                }
            }
            put(16, sq, height(terrain.elevation(sq)));
            put(17, sq, height(terrain.tallest(sq)));
        }
        for d in s.doors.iter().filter(|d| d.open) {
            if let Some(p) = terrain.piece(PieceId(d.piece)) {
                for sq in p.squares.iter() {
                    put(15, sq, 1.0);
                }
            }
        }
        for (k, tr) in [Traits::SOLID, Traits::OBSTRUCTING, Traits::DOOR].into_iter().enumerate() {
            for sq in terrain.north_edges_with(tr).iter() {
                put(18 + k, sq, 1.0);
            }
            for sq in terrain.east_edges_with(tr).iter() {
                put(21 + k, sq, 1.0);
            }
        }
        for o in &s.objectives {
            put(24 + o.holder.map_or(0, |h| 1 + usize::from(h.min(1))), o.square, 1.0);
            put(27, o.square, f32::from(o.power) / 20.0);
        }
        let active = s.active();
        for (i, c) in s.creatures.iter().enumerate() {
            let (Some(p), Some(at)) = (self.profile(i), c.at) else { continue };
            if !matches!(c.life, Life::Up | Life::Dying) {
                continue;
            }
            let max = p.hp.max(1) as f32;
            let mut values = [0.0f32; 21];
            values[usize::from(p.team.min(1))] = 1.0;
            values[2] = (c.hp.max(0) as f32 / max).min(1.0);
            values[3] = (c.temp_hp.max(0) as f32 / max).min(1.0);
            let flags = [c.life == Life::Dying, c.prone, c.done, c.reacted, c.readied, c.sheltered];
            for (k, on) in flags.into_iter().enumerate() {
                values[4 + k] = f32::from(u8::from(on));
            }
            values[10] = f32::from(u8::from(c.persistent.iter().any(|(_, n)| *n > 0)));
            values[11] = (f32::from(c.hero_points) / 3.0).min(1.0);
            for k in 0..Conditions::NAMES.len() {
                values[12 + k] = f32::from(u8::from(c.conditions.has(Conditions(1 << k))));
            }
            values[20] = f32::from(u8::from(active == Some(i as u8)));
            for sq in Space::new(at, p.size.side()).squares().iter() {
                for (k, v) in values.iter().enumerate() {
                    if *v != 0.0 {
                        put(CREATURES + k, sq, *v);
                    }
                }
            }
        }
        for (seat, zone) in s.zones.iter().enumerate() {
            if let Some(z) = zone {
                for sq in self.zone_squares(*z, 6).iter() {
                    put(49 + seat, sq, 1.0);
                }
            }
        }
        let mut global = [0.0f32; PLANES - GLOBAL];
        global[0] = f32::from(s.round) / f32::from(super::rules::LAST_ROUND);
        if let ToMove::Seat(seat) = self.to_move(s) {
            global[1 + seat.index().min(1)] = 1.0;
        }
        if let Phase::Turn(turn) = s.phase {
            global[3] = f32::from(turn.ap) / 3.0;
            global[4] = f32::from(turn.attacks) / 3.0;
        }
        global[5] = f32::from(s.vp[0]) / 10.0;
        global[6] = f32::from(s.vp[1]) / 10.0;
        let roster = s.creatures.len().max(1) as f32;
        for (i, c) in s.creatures.iter().enumerate() {
            if c.life == Life::Waiting {
                global[7 + usize::from(self.team(i).min(1))] += 1.0 / roster;
            }
        }
        let phase = match s.phase {
            Phase::PlaceObjective { .. }
            | Phase::PlaceTile { .. }
            | Phase::ExtraObjective { .. }
            | Phase::Disguise { .. }
            | Phase::PlaceBody { .. }
            | Phase::PlaceObject { .. }
            | Phase::Hide { .. } => 0,
            Phase::ChooseZone { .. } => 1,
            Phase::Deploy { .. } => 2,
            Phase::Activate { .. } => 3,
            Phase::Turn(_) => 4,
            Phase::ObjectiveCount | Phase::TrailRoll { .. } | Phase::DeployRoll | Phase::FirstRoll | Phase::Busy => 5,
            Phase::Over => 6,
        };
        global[PHASES - GLOBAL + phase] = 1.0;
        let asked = match s.pending.top() {
            Some(Frame::Window(_)) => Some(0),
            Some(Frame::Line { .. } | Frame::PowerLine { .. }) => Some(1),
            Some(Frame::Activity { .. }) => Some(2),
            _ => None,
        };
        if let Some(k) = asked {
            global[ASKED - GLOBAL + k] = 1.0;
        }
        for (k, v) in global.into_iter().enumerate() {
            if v != 0.0 {
                t[(GLOBAL + k) * area..(GLOBAL + k + 1) * area].fill(v);
            }
        }
        t
    }
}
