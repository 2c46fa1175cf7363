//! A fixed number for every action of a Skirmish or Battle board, and the
//! observation as a tensor, for front ends that speak integers and arrays
//! (the Python API's `legal_actions()`, PettingZoo's discrete action space
//! and observation box): `Entry::num_distinct_actions`,
//! `Entry::action_index`, `Entry::observation_tensor`.
//!
//! With `c` squares on the board (64 for Skirmish's 8 × 8, 128 for
//! Battle's 16 × 8), squares numbered `rank · width + file` from a1, the
//! blocks are, in order:
//!
//! | block | actions | size |
//! |---|---|---|
//! | walls | `ChooseWalls`: fixed, standard, custom | 3 |
//! | wall | `PlaceWall(edge)`: a square's north side, then its east side | 2c |
//! | end | `ChooseEnd`: south, north | 2 |
//! | deploy | `Deploy { kind, at }`: the leader on each square, then a squad unit | 2c |
//! | move | `Move(unit)` | c |
//! | move to | `MoveTo(square)` | c |
//! | attack | `Attack { from, to }` | c · c |
//! | end turn | `EndTurn` | 1 |
//!
//! Skirmish has 4 486 numbers, Battle 17 158.
//!
//! The tensor has [`PLANES`] (39) planes of the board's height × width
//! (the observation is the whole position: E'thia keeps no secrets), each
//! value 0 or 1 unless said:
//!
//! | planes | what |
//! |---|---|
//! | 0 | the squares in play (Battle's board shrinks) |
//! | 1, 2 | a wall on the square's north side, east side |
//! | 3–6, 7–10 | army 1–4's leader, squad units |
//! | 11–14 | army 1–4 is active (constant) |
//! | 15, 16 | the unit moving or attacking; the square it attacks |
//! | 17, 18 | actions left ÷ 6, the move roll ÷ 6 (constant) |
//! | 19–22 | army 1–4's units still to deploy ÷ 13 (constant) |
//! | 23–26 | army 1–4 is out (constant) |
//! | 27–38 | the phase: wall roll-off, wall choice, wall placing, end choice, deployment, first roll-off, action roll, act, move roll, move, attack roll, over (constant) |

use crate::action::Action;
use crate::rules::Ethia;
use crate::state::{End, Phase, State, UnitKind};
use crate::variant::WallOption;
use arbiter_geometry::{Cell, Side};

/// Planes of the observation tensor (see the module documentation).
pub const PLANES: usize = 27 + PHASES;

/// The phases, each with its constant plane (the last ones).
const PHASES: usize = 12;

impl Ethia {
    /// Squares on the board.
    fn cells(&self) -> usize {
        usize::from(self.grid().width()) * usize::from(self.grid().height())
    }

    /// The blocks' sizes, in numbering order.
    fn blocks(&self) -> [usize; 8] {
        let c = self.cells();
        [3, 2 * c, 2, 2 * c, c, c, c * c, 1]
    }

    /// A square's number on this board, if it is on it.
    fn cell_number(&self, at: Cell) -> Option<usize> {
        self.grid().contains(at).then(|| at.index())
    }

    /// How many action numbers the board has.
    pub fn action_count(&self) -> usize {
        self.blocks().iter().sum()
    }

    /// The fixed number of `action` (see the module documentation), or
    /// `None` for an action that cannot be on this board.
    pub fn action_number(&self, action: &Action) -> Option<usize> {
        let c = self.cells();
        let sizes = self.blocks();
        let start = |block: usize| sizes[..block].iter().sum::<usize>();
        let (block, offset) = match *action {
            Action::ChooseWalls(w) => {
                (0, [WallOption::Fixed, WallOption::Standard, WallOption::Custom].iter().position(|x| *x == w)?)
            }
            Action::PlaceWall(edge) => {
                let side = usize::from(edge.side == Side::East);
                (1, side * c + self.cell_number(edge.cell)?)
            }
            Action::ChooseEnd(end) => (2, usize::from(end == End::North)),
            Action::Deploy { kind, at } => (3, usize::from(kind == UnitKind::Squad) * c + self.cell_number(at)?),
            Action::Move(unit) => (4, self.cell_number(unit)?),
            Action::MoveTo(to) => (5, self.cell_number(to)?),
            Action::Attack { from, to } => (6, self.cell_number(from)? * c + self.cell_number(to)?),
            Action::EndTurn => (7, 0),
        };
        Some(start(block) + offset)
    }

    /// The tensor's shape: planes, ranks, files.
    pub fn tensor_shape(&self) -> [usize; 3] {
        [PLANES, usize::from(self.grid().height()), usize::from(self.grid().width())]
    }

    /// The position as numbers (see the module documentation).
    pub fn tensor(&self, s: &State) -> Vec<f32> {
        let c = self.cells();
        let mut t = vec![0.0f32; PLANES * c];
        let mut put = |plane: usize, cell: Cell, value: f32| {
            if let Some(v) = t.get_mut(plane * c + cell.index()).filter(|_| cell.index() < c) {
                *v = value;
            }
        };
        let (moving, target, roll) = match s.phase {
            Phase::MoveRoll { unit } => (Some(unit), None, 0),
            Phase::MoveTo { unit, roll } => (Some(unit), None, roll),
            Phase::AttackRoll { from, to } => (Some(from), Some(to), 0),
            _ => (None, None, 0),
        };
        let phase = phase_plane(&s.phase);
        for cell in self.grid().all().iter() {
            if s.area.contains(cell) {
                put(0, cell, 1.0);
            }
            if s.walls.contains(arbiter_geometry::Edge { cell, side: Side::North }) {
                put(1, cell, 1.0);
            }
            if s.walls.contains(arbiter_geometry::Edge { cell, side: Side::East }) {
                put(2, cell, 1.0);
            }
            for (i, army) in s.armies.iter().enumerate() {
                if army.leader == Some(cell) {
                    put(3 + i, cell, 1.0);
                }
                if army.squad.contains(cell) {
                    put(7 + i, cell, 1.0);
                }
                put(19 + i, cell, f32::from(army.squad_to_place + u8::from(army.leader_to_place)) / 13.0);
                if army.out {
                    put(23 + i, cell, 1.0);
                }
            }
            put(11 + usize::from(s.active.min(3)), cell, 1.0);
            if moving == Some(cell) {
                put(15, cell, 1.0);
            }
            if target == Some(cell) {
                put(16, cell, 1.0);
            }
            put(17, cell, f32::from(s.actions_left) / 6.0);
            put(18, cell, f32::from(roll) / 6.0);
            put(27 + phase, cell, 1.0);
        }
        t
    }
}

/// The number of a phase (its constant plane's order).
fn phase_plane(p: &Phase) -> usize {
    match p {
        Phase::WallRollOff { .. } => 0,
        Phase::ChooseWalls => 1,
        Phase::PlaceWall { .. } => 2,
        Phase::ChooseEnd => 3,
        Phase::Deploy { .. } => 4,
        Phase::FirstRollOff { .. } => 5,
        Phase::ActionRoll => 6,
        Phase::Act => 7,
        Phase::MoveRoll { .. } => 8,
        Phase::MoveTo { .. } => 9,
        Phase::AttackRoll { .. } => 10,
        Phase::Over => 11,
    }
}
