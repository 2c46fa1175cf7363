//! Movement: single steps with their costs, the squares reachable with a
//! budget and the cheapest path to each, and forced movement.
//!
//! Movement is available square by square ([`Battlefield::step`],
//! [`Battlefield::steps`]) so the rules of play can stop a Stride where a
//! reaction interrupts it; [`Battlefield::reachable`] runs the same steps
//! as a search. A [`Position`] carries what the turn's movement so far
//! means for the next step: whether the next diagonal counts 2 ("A
//! creature's total diagonal movement is tracked across all of their
//! movement during their turn"), and whether a fall has left it prone.
//!
//! A step costs 1, or 1 and 2 alternately for diagonals; double in deep
//! water ("at half speed"); one more for entering difficult terrain (or
//! directional terrain against its direction, or while squeezing) and one
//! more for crossing difficult terrain on an edge; and one per square of
//! height climbed. Descending is free; stepping down a drop with no incline
//! is a fall, and a fall of two squares or more ends the movement (the
//! creature lands prone).

use super::board::{Dir, Space, count};
use super::field::{Battlefield, FigureId};
use super::square::{Square, SquareSet};
use super::steps::{DIRS, OFFSET, StepTable, WALK_BLOCKED, WALK_DEEP, WALK_DOWN, code};
use std::fmt;

/// How a creature moves: on foot, or with one of the five movement modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// No movement mode.
    #[default]
    Walk,
    /// Ignores the negative effects of water terrain, shallow and deep.
    Aquatic,
    /// Ignores terrain and enemy creatures during the move; resurfaces at
    /// its end.
    Burrow,
    /// Ignores terrain except solid terrain, moves through enemies, never
    /// falls, and may climb sheer faces.
    Fly,
    /// While next to solid terrain ignores other terrain and moves through
    /// enemies; climbs any incline however steep; falls only until next to
    /// solid terrain.
    WallClimb,
    /// Ignores terrain and enemy creatures during the move; reappears at
    /// its end.
    Teleport,
}

impl Mode {
    /// The mode with a name (`fly`, `flight`, `wall climb`, …).
    pub fn parse(text: &str) -> Option<Mode> {
        Some(match text.trim().to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
            "walk" | "none" => Mode::Walk,
            "aquatic" | "swim" => Mode::Aquatic,
            "burrow" | "burrowing" => Mode::Burrow,
            "fly" | "flight" => Mode::Fly,
            "wallclimb" | "climb" => Mode::WallClimb,
            "teleport" | "teleportation" => Mode::Teleport,
            _ => return None,
        })
    }
    fn ignores_everything(self) -> bool {
        matches!(self, Mode::Burrow | Mode::Teleport)
    }
}

/// Who moves, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    /// Squares along its side.
    pub side: u8,
    /// Its team: figures of other teams are enemies.
    pub team: u8,
    /// Its movement mode.
    pub mode: Mode,
    /// Its own figure, which never blocks it.
    pub figure: Option<FigureId>,
}

/// Where a moving creature is and what its movement so far this turn means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// The lower-left square of its space.
    pub anchor: Square,
    /// True if it has moved an odd number of diagonals this turn: its next
    /// diagonal counts 2.
    pub odd_diagonals: bool,
    /// True once a fall has left it prone: it can move no further.
    pub down: bool,
}

impl Position {
    /// At the start of a turn's movement.
    pub fn at(anchor: Square) -> Position {
        Position { anchor, odd_diagonals: false, down: false }
    }
    fn state(self) -> usize {
        self.anchor.index() * 4 + usize::from(self.odd_diagonals) * 2 + usize::from(self.down)
    }
    fn of_state(s: usize) -> Position {
        Position { anchor: Square((s / 4) as u16), odd_diagonals: s & 2 != 0, down: s & 1 != 0 }
    }
}

/// One step of movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The anchor before.
    pub from: Square,
    /// The anchor after.
    pub to: Square,
    /// The direction, or `None` for a step between teleportation circles.
    pub dir: Option<Dir>,
    /// What it costs, in squares of movement.
    pub cost: u32,
    /// True if the creature squeezes into the new space.
    pub squeezed: bool,
    /// Squares of height climbed (included in the cost).
    pub climb: u32,
    /// Squares fallen (0 if none).
    pub fall: u32,
}

/// Why a step is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The creature has fallen prone and can move no further.
    Down,
    /// The square is not one step away (nor a teleportation circle).
    NotAStep,
    /// The space would leave the board.
    OffBoard,
    /// Solid terrain is in the way (or a diagonal passes a solid corner).
    Solid,
    /// An enemy stands in the way.
    Enemy,
    /// The rise is too steep to climb without an incline.
    Sheer,
    /// No such figure.
    NoFigure,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Down => "the creature has fallen prone and can move no further",
            MoveError::NotAStep => "that square is not one step away",
            MoveError::OffBoard => "the space would leave the board",
            MoveError::Solid => "solid terrain is in the way (a creature cannot move diagonally past solid terrain)",
            MoveError::Enemy => "a creature cannot move through the space of an enemy",
            MoveError::Sheer => "the rise is too steep to climb without an incline, ladder or Wall Climb",
            MoveError::NoFigure => "there is no such figure",
        })
    }
}

impl std::error::Error for MoveError {}

/// What one movement query needs about the figures on the board.
struct Ctx<'a> {
    table: &'a StepTable,
    mover: Mover,
    /// Anchors whose space overlaps an enemy that is not helpless.
    enemy: SquareSet,
    /// Anchors whose space overlaps any other figure.
    other: SquareSet,
}

/// The anchors of spaces of `side` squares overlapping a square of `set`.
fn anchors_over(set: &SquareSet, side: u8) -> SquareSet {
    let n = i32::from(side);
    if n <= 1 {
        return set.clone();
    }
    // Each occupied rank, spread over the files to its left, reaches the
    // anchors of the `n` ranks from it downwards (the empty ranks, most of
    // the board, add nothing).
    let mut out = SquareSet::EMPTY;
    for y in 0..64 {
        let row = set.row(y);
        if row == 0 {
            continue;
        }
        let mut spread = row;
        for i in 1..n {
            spread |= row >> i;
        }
        for r in (y - n + 1).max(0)..=y {
            out.set_row(r, out.row(r) | spread);
        }
    }
    out
}

impl Battlefield {
    fn ctx(&self, mover: Mover) -> Ctx<'_> {
        let table = self.terrain().step_table(mover.side);
        let (mut enemy, mut other) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for (id, f) in self.figures() {
            if Some(id) == mover.figure {
                continue;
            }
            let mask = super::square::row_mask(u32::from(f.space.file), f.space.file_end().clamp(0, 64) as u32);
            let hostile = f.team != mover.team && !f.helpless;
            for r in i32::from(f.space.rank)..f.space.rank_end() {
                other.set_row(r, other.row(r) | mask);
                if hostile {
                    enemy.set_row(r, enemy.row(r) | mask);
                }
            }
        }
        Ctx { table, mover, enemy: anchors_over(&enemy, mover.side), other: anchors_over(&other, mover.side) }
    }

    /// The anchors at which a figure of `side` squares could be placed with
    /// its whole space inside `within`: [`Battlefield::can_stand`] (on the
    /// board, no solid terrain in or dividing the space, no other figure),
    /// and no objective under it. Worked out with bit sets, for every anchor
    /// at once.
    pub fn placeable_within(&self, side: u8, within: &SquareSet) -> SquareSet {
        if !(1..=4).contains(&side) {
            return SquareSet::EMPTY;
        }
        let t = self.terrain().step_table(side);
        let mut outside = SquareSet::rect(0, 0, 64, 64);
        outside.difference_with(within);
        let mut out = t.stand.clone();
        out.difference_with(&t.objective);
        out.difference_with(&anchors_over(&self.occupied(None), side));
        out.difference_with(&anchors_over(&outside, side));
        out
    }

    /// The mover for a figure on the board.
    pub fn mover(&self, id: FigureId, mode: Mode) -> Option<Mover> {
        let f = self.figure(id)?;
        Some(Mover { side: f.space.side, team: f.team, mode, figure: Some(id) })
    }

    /// True if the creature may end its movement with its anchor at `a`:
    /// its space fits (squeezing if need be), no other figure stands there,
    /// and no objective lies under it.
    pub fn may_end(&self, mover: Mover, a: Square) -> bool {
        self.may_end_in(&self.ctx(mover), a)
    }

    /// Leaps from anchor `from`, one per direction of [`Dir::ALL`]: the anchor
    /// `squares` steps away in a straight line, passing over what lies
    /// between as a flier does (only solid terrain stops it), landing where
    /// the creature may end its movement (`None` where it cannot). The
    /// figures are gathered once for all eight.
    pub fn leaps(&self, mover: Mover, from: Square, squares: u32) -> [Option<Square>; 8] {
        let ctx = self.ctx(Mover { mode: Mode::Fly, ..mover });
        let mut out = [None; 8];
        for (di, slot) in DIRS.iter().zip(out.iter_mut()) {
            let mut pos = Position { anchor: from, odd_diagonals: false, down: false };
            let mut ok = true;
            for _ in 0..squares {
                let Some(next) = self.board().neighbour(pos.anchor, *di) else {
                    ok = false;
                    break;
                };
                if self.try_step(&ctx, pos, next).is_err() {
                    ok = false;
                    break;
                }
                pos = Position { anchor: next, odd_diagonals: false, down: false };
            }
            if ok && self.may_end_in(&ctx, pos.anchor) {
                *slot = Some(pos.anchor);
            }
        }
        out
    }

    /// How many squares the creature can pass from anchor `from` in a
    /// straight line in direction `d`, up to `max`: each a step as
    /// [`Battlefield::step`] makes it (the mover's mode says what stops it),
    /// the figures gathered once for the whole line.
    pub fn clear_run(&self, mover: Mover, from: Square, d: super::board::Dir, max: u32) -> u32 {
        let ctx = self.ctx(mover);
        let mut anchor = from;
        for n in 0..max {
            let Some(next) = self.board().neighbour(anchor, d) else { return n };
            let pos = Position { anchor, odd_diagonals: false, down: false };
            if self.try_step(&ctx, pos, next).is_err() {
                return n;
            }
            anchor = next;
        }
        max
    }

    /// Every anchor where the creature may end its movement (as
    /// [`Battlefield::may_end`] asks of one), the figures gathered once.
    pub fn ends(&self, mover: Mover) -> SquareSet {
        let ctx = self.ctx(mover);
        let mut out = ctx.table.stand.union(&ctx.table.squeeze);
        out.difference_with(&ctx.other);
        out.difference_with(&ctx.table.objective);
        out
    }

    fn may_end_in(&self, ctx: &Ctx<'_>, a: Square) -> bool {
        let t = ctx.table;
        (t.stand.contains(a) || t.squeeze.contains(a)) && !ctx.other.contains(a) && !t.objective.contains(a)
    }

    fn fits(&self, side: u8, a: Square) -> bool {
        let n = i32::from(side);
        a.file() + n <= self.board().width() && a.rank() + n <= self.board().height()
    }

    /// One step in direction `di` (of [`DIRS`]): its cost and where it
    /// leaves the creature. Every movement question goes through here.
    #[inline]
    fn evaluate(&self, ctx: &Ctx<'_>, pos: Position, di: usize) -> Result<(Step, Position), MoveError> {
        if pos.down {
            return Err(MoveError::Down);
        }
        let t = ctx.table;
        let a = pos.anchor;
        let c = t.code.get(a.index() * 8 + di).copied().unwrap_or(0);
        if c & code::ON_BOARD == 0 {
            return Err(MoveError::OffBoard);
        }
        let to = Square((i32::from(a.0) + OFFSET[di]) as u16);
        let mode = ctx.mover.mode;
        let everything = mode.ignores_everything();
        let clinging = mode == Mode::WallClimb && c & code::CLINGING != 0;
        let ignores_terrain = everything || mode == Mode::Fly || clinging;
        let squeezed = if everything || c & code::STEP != 0 {
            false
        } else if c & code::SQUEEZE != 0 {
            true
        } else {
            return Err(MoveError::Solid);
        };
        if !ignores_terrain && ctx.enemy.contains(to) {
            return Err(MoveError::Enemy);
        }
        let (g0, g1) = (t.ground[a.index()], t.ground[to.index()]);
        let climbable = c & code::INCLINE != 0;
        let (mut climb, mut fall) = (0, 0);
        if !everything && g1 != g0 {
            if g1 > g0 {
                if !climbable && !matches!(mode, Mode::Fly | Mode::WallClimb) {
                    return Err(MoveError::Sheer);
                }
                climb = u32::from(g1 - g0).div_ceil(2);
            } else if !climbable && mode != Mode::Fly && !(mode == Mode::WallClimb && c & code::NEAR_SOLID_AFTER != 0) {
                fall = u32::from(g0 - g1) / 2;
            }
        }
        let diagonal = di % 2 == 1;
        let base = if diagonal && pos.odd_diagonals { 2 } else { 1 };
        let (deep, difficult, edge) = if ignores_terrain {
            (false, false, false)
        } else {
            let aquatic = mode == Mode::Aquatic;
            (
                !aquatic && c & code::DEEP != 0,
                c & (code::DIFFICULT | code::AGAINST) != 0 || (!aquatic && c & code::WATER != 0),
                c & code::EDGE_DIFFICULT != 0,
            )
        };
        let cost = base * if deep { 2 } else { 1 } + u32::from(difficult || squeezed) + u32::from(edge) + climb;
        let step = Step { from: a, to, dir: Some(DIRS[di]), cost, squeezed, climb, fall };
        Ok((step, Position { anchor: to, odd_diagonals: pos.odd_diagonals ^ diagonal, down: fall >= 2 }))
    }

    /// A step between teleportation circles (cost 1, like a step across).
    fn jump(&self, ctx: &Ctx<'_>, pos: Position, to: Square) -> Result<(Step, Position), MoveError> {
        if pos.down {
            return Err(MoveError::Down);
        }
        let t = ctx.table;
        let a = pos.anchor;
        let on = |s: Square| t.circles.iter().filter(move |(_, set)| set.contains(s)).map(|(p, _)| *p);
        let allowed = on(a).next().is_some()
            && on(to).any(|p| on(a).all(|q| q != p))
            && (t.stand.contains(to) || t.squeeze.contains(to));
        if !allowed {
            return Err(MoveError::NotAStep);
        }
        if ctx.enemy.contains(to) && !matches!(ctx.mover.mode, Mode::Fly | Mode::Burrow | Mode::Teleport) {
            return Err(MoveError::Enemy);
        }
        let step = Step { from: a, to, dir: None, cost: 1, squeezed: !t.stand.contains(to), climb: 0, fall: 0 };
        Ok((step, Position { anchor: to, ..pos }))
    }

    /// One step to a neighbouring anchor or to another teleportation circle.
    fn try_step(&self, ctx: &Ctx<'_>, pos: Position, to: Square) -> Result<(Step, Position), MoveError> {
        let (df, dr) = (to.file() - pos.anchor.file(), to.rank() - pos.anchor.rank());
        if !self.fits(ctx.mover.side, to) {
            return Err(MoveError::OffBoard);
        }
        match DIRS.iter().position(|d| d.delta() == (df as i8, dr as i8)).filter(|_| df.abs() <= 1 && dr.abs() <= 1) {
            Some(di) => self.evaluate(ctx, pos, di),
            None => self.jump(ctx, pos, to),
        }
    }

    /// One step of a moving creature to the anchor `to` (a neighbouring
    /// anchor, or one on another teleportation circle): its cost and where
    /// it leaves the creature. The rules of play call this square by square
    /// and may stop the movement between any two steps.
    pub fn step(&self, mover: Mover, pos: Position, to: Square) -> Result<(Step, Position), MoveError> {
        self.try_step(&self.ctx(mover), pos, to)
    }

    /// One step, as [`Battlefield::step`], and whether the creature may end
    /// its movement where it leads (as [`Battlefield::may_end`]), with the
    /// figures gathered once for both questions.
    pub fn step_and_end(&self, mover: Mover, pos: Position, to: Square) -> Result<(Step, Position, bool), MoveError> {
        let ctx = self.ctx(mover);
        let (step, next) = self.try_step(&ctx, pos, to)?;
        Ok((step, next, self.may_end_in(&ctx, to)))
    }

    /// [`Battlefield::step_and_end`] for each of the up to eight anchors
    /// next to `pos.anchor`, rank by rank and file by file (the order of a
    /// [`SquareSet`]), with one movement context for them all: each anchor
    /// with its step and whether the creature may end there, or `None`
    /// where the step cannot be taken. Slots past the board's edge hold
    /// `pos.anchor` and `None`.
    pub fn steps_and_ends(&self, mover: Mover, pos: Position) -> [(Square, Option<(Step, bool)>); 8] {
        let ctx = self.ctx(mover);
        let mut out = [(pos.anchor, None); 8];
        let (f, r) = (pos.anchor.file(), pos.anchor.rank());
        let mut k = 0;
        for dr in -1..=1 {
            for df in -1..=1 {
                if (df, dr) == (0, 0) || k == 8 {
                    continue;
                }
                let Some(to) = self.board().square(f + df, r + dr) else { continue };
                let step = self.try_step(&ctx, pos, to).ok().map(|(step, _)| (step, self.may_end_in(&ctx, to)));
                out[k] = (to, step);
                k += 1;
            }
        }
        out
    }

    /// Every step the creature can take next.
    pub fn steps(&self, mover: Mover, pos: Position) -> Vec<(Step, Position)> {
        let ctx = self.ctx(mover);
        let mut out: Vec<(Step, Position)> = (0..8).filter_map(|di| self.evaluate(&ctx, pos, di).ok()).collect();
        self.jumps(&ctx, pos, |s| out.push(s));
        out
    }

    /// Calls `f` with every step between teleportation circles from `pos`.
    fn jumps(&self, ctx: &Ctx<'_>, pos: Position, mut f: impl FnMut((Step, Position))) {
        let t = ctx.table;
        if !t.on_circle.contains(pos.anchor) {
            return;
        }
        let a = pos.anchor;
        for (_, set) in &t.circles {
            if set.contains(a) {
                continue;
            }
            for to in set.iter() {
                if (a.file() - to.file()).abs() > 1 || (a.rank() - to.rank()).abs() > 1 {
                    if let Ok(s) = self.jump(ctx, pos, to) {
                        f(s);
                    }
                }
            }
        }
    }

    /// The anchors a creature can reach from `start` and end on, spending at
    /// most `budget`, with the cheapest way to each.
    pub fn reachable(&self, mover: Mover, start: Position, budget: u32) -> Reach {
        // The buffers of a result dropped earlier on this thread, if any:
        // a search then zeroes and allocates nothing.
        let mut r = SPARE.try_with(|s| s.borrow_mut().pop()).ok().flatten().unwrap_or_default();
        self.reachable_into(mover, start, budget, &mut r);
        r
    }

    /// The same, reusing the buffers of `out` (no allocation once warm).
    pub fn reachable_into(&self, mover: Mover, start: Position, budget: u32, out: &mut Reach) {
        let ctx = self.ctx(mover);
        let budget = budget.min(250);
        out.reset(mover, start, budget, self.board().height());
        out.set(start.state(), 0, u16::MAX);
        out.buckets[0].push(start.state() as u16);
        let t = ctx.table;
        let mode = mover.mode;
        let mut c = 0usize;
        while c <= budget as usize {
            let Some(s) = out.buckets[c].pop() else {
                c += 1;
                continue;
            };
            if usize::from(out.get(usize::from(s))) != c {
                continue;
            }
            let pos = Position::of_state(usize::from(s));
            let a = pos.anchor;
            // Every anchor reached, narrowed to those it may end on below.
            out.ends.insert(a);
            // Every step costs at least 1: a state reached with the whole
            // budget spent (or after a fall) goes no further.
            if pos.down || c >= budget as usize {
                continue;
            }
            if mode == Mode::Walk {
                // On foot: one table read per step (the same rules as
                // `evaluate`, which the tests hold it to).
                let k = a.index() * 8;
                let Some(walk) = t.walk.get(k..k + 8) else { continue };
                for ((di, off), &w) in OFFSET.iter().enumerate().zip(walk) {
                    if w == WALK_BLOCKED {
                        continue;
                    }
                    let to = (i32::from(a.0) + off) as usize;
                    if ctx.enemy.contains(Square(to as u16)) {
                        continue;
                    }
                    let diagonal = di % 2 == 1;
                    let base = if diagonal && pos.odd_diagonals { 2 } else { 1 };
                    let cost = base + if w & WALK_DEEP != 0 { base } else { 0 } + usize::from(w & (WALK_DEEP - 1));
                    let odd = pos.odd_diagonals ^ diagonal;
                    let ns = to * 4 + usize::from(odd) * 2 + usize::from(w & WALK_DOWN != 0);
                    let nc = c + cost;
                    if nc <= budget as usize && out.improve(ns, nc as u8, s) {
                        out.buckets[nc].push(ns as u16);
                    }
                }
            }
            if mode == Mode::Fly {
                // Flying: the step's flags and the ground, read in place
                // (the same rules as `evaluate`: only solid terrain stops
                // it, rising ground costs its climb, it never falls and
                // passes enemies).
                let i = a.index() * 8;
                let Some(codes) = t.code.get(i..i + 8) else { continue };
                for ((di, off), &k) in OFFSET.iter().enumerate().zip(codes) {
                    if k & code::ON_BOARD == 0 || k & (code::STEP | code::SQUEEZE) == 0 {
                        continue;
                    }
                    let to = (i32::from(a.0) + off) as usize;
                    let squeezed = usize::from(k & code::STEP == 0);
                    let (g0, g1) = (t.ground[a.index()], t.ground[to]);
                    let climb = usize::from(g1.saturating_sub(g0).div_ceil(2));
                    let diagonal = di % 2 == 1;
                    let base = if diagonal && pos.odd_diagonals { 2 } else { 1 };
                    let odd = pos.odd_diagonals ^ diagonal;
                    let ns = to * 4 + usize::from(odd) * 2;
                    let nc = c + base + squeezed + climb;
                    if nc <= budget as usize && out.improve(ns, nc as u8, s) {
                        out.buckets[nc].push(ns as u16);
                    }
                }
            }
            let mut relax = |cost: usize, ns: usize| {
                let nc = c + cost;
                if nc <= budget as usize && out.improve(ns, nc as u8, s) {
                    out.buckets[nc].push(ns as u16);
                }
            };
            if !matches!(mode, Mode::Walk | Mode::Fly) {
                for di in 0..8 {
                    if let Ok((step, next)) = self.evaluate(&ctx, pos, di) {
                        relax(step.cost as usize, next.state());
                    }
                }
            }
            self.jumps(&ctx, pos, |(step, next)| relax(step.cost as usize, next.state()));
        }
        // Where the space fits (squeezing if need be), with no other figure
        // and no objective.
        let mut fits = t.stand.clone();
        fits.union_with(&t.squeeze);
        out.ends.intersect_with(&fits);
        out.ends.difference_with(&ctx.other);
        out.ends.difference_with(&t.objective);
    }

    /// The cheapest path from `start` to end on anchor `to` within `budget`.
    pub fn path(&self, mover: Mover, start: Position, budget: u32, to: Square) -> Option<Vec<Step>> {
        self.reachable(mover, start, budget).path(self, to)
    }
}

/// The result of a movement search: the cheapest cost of every state
/// reached, and how.
#[derive(Clone, Debug)]
pub struct Reach {
    mover: Option<Mover>,
    start: Position,
    budget: u32,
    /// Per state: its cost, the state it was reached from, and a stamp (a
    /// state's entry is current only if its stamp is `generation`).
    entries: Vec<Entry>,
    generation: u32,
    buckets: Vec<Vec<u16>>,
    ends: SquareSet,
}

impl Default for Reach {
    fn default() -> Reach {
        Reach::new()
    }
}

/// A search's states: four per anchor (diagonal count odd or even, down
/// after a fall or not).
const STATES: usize = 4096 * 4;

/// What a search knows of one state.
#[derive(Clone, Copy, Debug)]
struct Entry {
    stamp: u32,
    prev: u16,
    cost: u8,
}

/// How many dropped results' buffers a thread keeps for its next searches.
const SPARES: usize = 8;

thread_local! {
    /// The buffers of results dropped on this thread, for
    /// [`Battlefield::reachable`] to reuse (each with its own generation, so
    /// its stale entries stay stale).
    static SPARE: std::cell::RefCell<Vec<Reach>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Reach {
    fn drop(&mut self) {
        if self.entries.is_empty() {
            return;
        }
        // At thread exit the pool is gone: the buffers are simply freed.
        let _ = SPARE.try_with(|s| {
            let Ok(mut s) = s.try_borrow_mut() else { return };
            if s.len() < SPARES {
                s.push(Reach {
                    mover: None,
                    start: self.start,
                    budget: 0,
                    entries: std::mem::take(&mut self.entries),
                    generation: self.generation,
                    buckets: std::mem::take(&mut self.buckets),
                    ends: SquareSet::EMPTY,
                });
            }
        });
    }
}

impl Reach {
    /// An empty result, to be filled by [`Battlefield::reachable_into`].
    pub fn new() -> Reach {
        Reach {
            mover: None,
            start: Position::at(Square(0)),
            budget: 0,
            entries: Vec::new(),
            generation: 0,
            buckets: Vec::new(),
            ends: SquareSet::EMPTY,
        }
    }

    /// Makes ready for a search over a board `height` ranks high: the
    /// arrays grow to the states of its ranks (a row more, for the margin)
    /// and are kept, so a reused result allocates nothing once warm and a
    /// new one zeroes only what the board needs.
    fn reset(&mut self, mover: Mover, start: Position, budget: u32, height: i32) {
        let states = ((height.clamp(0, 63) as usize + 1) * 64 * 4).max(start.state() + 1).min(STATES);
        if self.entries.len() < states {
            self.entries.resize(states, Entry { stamp: 0, prev: u16::MAX, cost: u8::MAX });
        }
        self.mover = Some(mover);
        self.start = start;
        self.budget = budget;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.generation = 1;
        }
        self.ends = SquareSet::EMPTY;
        if self.buckets.len() < budget as usize + 1 {
            self.buckets.resize(budget as usize + 1, Vec::new());
        }
        for b in &mut self.buckets {
            b.clear();
        }
    }

    /// The cost of a state so far (`u8::MAX` if not reached).
    #[inline]
    fn get(&self, s: usize) -> u8 {
        match self.entries.get(s) {
            Some(e) if e.stamp == self.generation => e.cost,
            _ => u8::MAX,
        }
    }

    /// Records that state `s` is reached at `cost` from `prev` if that is
    /// cheaper than what is known of it (`cost` below `u8::MAX`); returns
    /// whether it was.
    #[inline]
    fn improve(&mut self, s: usize, cost: u8, prev: u16) -> bool {
        let generation = self.generation;
        match self.entries.get_mut(s) {
            Some(e) if e.stamp == generation && e.cost <= cost => false,
            Some(e) => {
                *e = Entry { stamp: generation, prev, cost };
                true
            }
            None => {
                self.set(s, cost, prev);
                true
            }
        }
    }

    #[inline]
    fn set(&mut self, s: usize, cost: u8, prev: u16) {
        // Every state of an anchor on the board has its entry (`reset`);
        // one past them grows the entries rather than being lost.
        if s >= self.entries.len() {
            self.entries.resize(s + 1, Entry { stamp: 0, prev: u16::MAX, cost: u8::MAX });
        }
        self.entries[s] = Entry { stamp: self.generation, prev, cost };
    }

    /// The anchors the creature may end on.
    pub fn ends(&self) -> &SquareSet {
        &self.ends
    }

    /// The cheapest state ending on an anchor.
    fn best(&self, a: Square) -> Option<usize> {
        (0..4).map(|k| a.index() * 4 + k).filter(|&s| self.get(s) != u8::MAX).min_by_key(|&s| (self.get(s), s))
    }

    /// The cheapest cost to end on an anchor.
    pub fn cost(&self, a: Square) -> Option<u32> {
        if !self.ends.contains(a) {
            return None;
        }
        self.best(a).map(|s| u32::from(self.get(s)))
    }

    /// Where the creature stands after the cheapest way to an anchor (with
    /// its diagonal count), for movement that goes on.
    pub fn position(&self, a: Square) -> Option<Position> {
        if !self.ends.contains(a) {
            return None;
        }
        self.best(a).map(Position::of_state)
    }

    /// The anchors of the cheapest way to end on `to`, from `to` back to
    /// the step after the start (the anchors of [`Reach::path`]'s steps,
    /// last first), read from the search alone: no step is worked out
    /// again and nothing is allocated. Empty if `to` is not an end.
    pub fn way_back(&self, to: Square) -> impl Iterator<Item = Square> + '_ {
        let start = self.start.state();
        let mut s = if self.ends.contains(to) { self.best(to) } else { None };
        // A way is never longer than the states searched (a guard, not a rule).
        let mut left = self.entries.len();
        std::iter::from_fn(move || {
            let here = s.filter(|&x| x != start && left > 0)?;
            left -= 1;
            s = self.entries.get(here).map(|e| usize::from(e.prev)).filter(|&p| self.get(p) != u8::MAX);
            Some(Position::of_state(here).anchor)
        })
    }

    /// The steps of the cheapest way to end on an anchor.
    pub fn path(&self, field: &Battlefield, to: Square) -> Option<Vec<Step>> {
        let mover = self.mover?;
        if !self.ends.contains(to) {
            return None;
        }
        let mut s = self.best(to)?;
        let mut states = vec![s];
        while s != self.start.state() {
            s = usize::from(self.entries.get(s)?.prev);
            if states.len() > STATES {
                return None;
            }
            states.push(s);
        }
        states.reverse();
        let ctx = field.ctx(mover);
        let mut steps = Vec::new();
        for w in states.windows(2) {
            let (p, q) = (Position::of_state(w[0]), Position::of_state(w[1]));
            let (step, _) = field.try_step(&ctx, p, q.anchor).ok()?;
            steps.push(step);
        }
        Some(steps)
    }
}

/// Unwilling movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    /// Each square moved takes the creature farther from the source.
    Push,
    /// Each square moved takes it closer.
    Pull,
    /// Any way.
    Shunt,
}

/// What a creature is pushed from or pulled towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A creature's space (the attacker).
    Space(Space),
    /// A corner where squares meet (an area's point of origin), in half squares.
    Corner(super::board::Point),
}

impl Source {
    /// The count from the source to a space, as range is counted.
    pub fn distance(&self, s: &Space) -> u32 {
        match self {
            Source::Space(o) => super::targeting::distance(o, s),
            Source::Corner(p) => {
                let gap = |c: i32, lo: i32, hi: i32| {
                    let c = c / 2;
                    if c <= lo {
                        lo - c + 1
                    } else if c >= hi {
                        c - hi + 1
                    } else {
                        1
                    }
                };
                count(
                    gap(p.x, i32::from(s.file), s.file_end()) as u32,
                    gap(p.y, i32::from(s.rank), s.rank_end()) as u32,
                )
            }
        }
    }
}

impl Battlefield {
    /// The steps of forced movement a figure can be moved next: never into
    /// a space any other creature occupies, nor through solid terrain or past
    /// a solid corner, each square farther from (push) or closer to (pull)
    /// the source. Terrain costs nothing extra; diagonals still count 1 and 2
    /// (from `pos`); a drop with no incline is a fall.
    pub fn forced_steps(&self, id: FigureId, kind: Forced, source: Source, pos: Position) -> Vec<(Step, Position)> {
        let Some(f) = self.figure(id) else { return Vec::new() };
        if pos.down {
            return Vec::new();
        }
        let ctx = self.ctx(Mover { side: f.space.side, team: f.team, mode: Mode::Walk, figure: Some(id) });
        let t = ctx.table;
        let here = source.distance(&Space::new(pos.anchor, f.space.side));
        let mut out = Vec::new();
        for d in DIRS {
            let (df, dr) = d.delta();
            let Some(to) = self.board().square(pos.anchor.file() + i32::from(df), pos.anchor.rank() + i32::from(dr))
            else {
                continue;
            };
            let di = StepTable::dir(d);
            if !t.step[di].contains(pos.anchor) || ctx.other.contains(to) {
                continue;
            }
            let there = source.distance(&Space::new(to, f.space.side));
            let ok = match kind {
                Forced::Push => there > here,
                Forced::Pull => there < here,
                Forced::Shunt => true,
            };
            if !ok {
                continue;
            }
            let (g0, g1) = (t.ground_at(pos.anchor), t.ground_at(to));
            let climbable = t.incline.contains(pos.anchor) || t.incline.contains(to);
            if g1 > g0 && !climbable {
                continue;
            }
            let fall = if g1 < g0 && !climbable { u32::from(g0 - g1) / 2 } else { 0 };
            let diagonal = d.is_diagonal();
            let cost = if diagonal && pos.odd_diagonals { 2 } else { 1 };
            let step = Step { from: pos.anchor, to, dir: Some(d), cost, squeezed: false, climb: 0, fall };
            out.push((step, Position { anchor: to, odd_diagonals: pos.odd_diagonals ^ diagonal, down: fall >= 2 }));
        }
        out
    }

    /// Every anchor forced movement of up to `squares` can leave the figure on.
    pub fn forced_reach(&self, id: FigureId, kind: Forced, source: Source, squares: u32) -> SquareSet {
        let Some(f) = self.figure(id) else { return SquareSet::EMPTY };
        let squares = squares.min(64);
        let mut out = SquareSet::EMPTY;
        out.insert(f.space.anchor());
        let mut frontier = vec![(Position::at(f.space.anchor()), 0u32)];
        let mut seen = std::collections::HashSet::new();
        while let Some((pos, spent)) = frontier.pop() {
            for (step, next) in self.forced_steps(id, kind, source, pos) {
                let total = spent + step.cost;
                if total <= squares && seen.insert((next, total)) {
                    out.insert(next.anchor);
                    frontier.push((next, total));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_over_are_the_anchors_whose_space_overlaps_the_set() {
        let mut set = SquareSet::EMPTY;
        for (f, r) in [(0u8, 0u8), (5, 7), (6, 7), (63, 63), (30, 0), (0, 40), (12, 62)] {
            set.insert(Square::at(f, r));
        }
        for side in 1..=4u8 {
            let got = anchors_over(&set, side);
            for r in 0..64u8 {
                for f in 0..64u8 {
                    let space = super::super::board::Space::new(Square::at(f, r), side);
                    let want = set.iter().any(|s| space.contains(s));
                    assert_eq!(got.contains(Square::at(f, r)), want, "side {side} at {f},{r}");
                }
            }
        }
    }

    /// A search on the buffers of results dropped earlier (another mover,
    /// another board, a longer budget) finds exactly what a search on new
    /// buffers finds: the old entries never show through.
    #[test]
    fn searches_on_reused_buffers_equal_searches_on_new_ones() {
        use super::super::board::Board;
        use super::super::terrain::{Piece, Terrain, Traits};
        let board = Board::new(12, 10).unwrap_or_else(|e| panic!("{e}"));
        let mut wall = Piece::new("wall", Traits::SOLID);
        let mut mud = Piece::new("mud", Traits::DIFFICULT);
        for (f, r) in [(4u8, 2u8), (4, 3), (4, 4), (4, 5), (8, 7), (9, 7)] {
            wall.squares.insert(Square::at(f, r));
        }
        for (f, r) in [(2u8, 6u8), (3, 6), (6, 1), (6, 2)] {
            mud.squares.insert(Square::at(f, r));
        }
        let field = Battlefield::new(Terrain::new(board, vec![wall, mud]).unwrap_or_else(|e| panic!("{e:?}")));
        let mover = |side, mode| Mover { side, team: 0, mode, figure: None };
        let searches = [
            (mover(1, Mode::Walk), Square::at(0, 0), 12),
            (mover(2, Mode::Walk), Square::at(9, 8), 9),
            (mover(1, Mode::Fly), Square::at(5, 5), 5),
            (mover(1, Mode::Walk), Square::at(11, 0), 30),
            (mover(1, Mode::Walk), Square::at(0, 0), 12),
        ];
        for round in 0..3 {
            for &(m, at, budget) in &searches {
                let reused = field.reachable(m, Position::at(at), budget);
                let mut fresh = Reach::new();
                field.reachable_into(m, Position::at(at), budget, &mut fresh);
                assert_eq!(reused.ends(), fresh.ends(), "round {round}: ends from {at:?}");
                for a in fresh.ends().iter() {
                    assert_eq!(reused.cost(a), fresh.cost(a), "round {round}: cost to {a:?}");
                }
                // Dropped here: its buffers go to the next search.
            }
        }
    }

    /// `placeable_within` is `can_stand` with no objective under the space
    /// and the space inside the set, anchor by anchor, on random boards.
    #[test]
    fn placeable_anchors_are_those_where_a_figure_can_stand() {
        use super::super::board::{Board, Edge, Side, Space};
        use super::super::field::Figure;
        use super::super::size::Size;
        use super::super::terrain::{Piece, Terrain, Traits};
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for round in 0..40 {
            let board = Board::new(rng.random_range(3..16), rng.random_range(3..16)).unwrap_or_else(|e| panic!("{e}"));
            let (w, h) = (board.width(), board.height());
            let at = |rng: &mut rand_chacha::ChaCha8Rng| {
                Square::at(rng.random_range(0..w) as u8, rng.random_range(0..h) as u8)
            };
            let mut pieces = Vec::new();
            for traits in [Traits::SOLID, Traits::OBJECTIVE, Traits::DIFFICULT] {
                let mut p = Piece::new("piece", traits);
                for _ in 0..rng.random_range(0..8) {
                    p.squares.insert(at(&mut rng));
                }
                if traits == Traits::SOLID {
                    for _ in 0..rng.random_range(0..4) {
                        let side = if rng.random_bool(0.5) { Side::North } else { Side::East };
                        let square = Square::at(rng.random_range(0..w - 1) as u8, rng.random_range(0..h - 1) as u8);
                        p.edges.push(Edge { square, side });
                    }
                }
                pieces.push(p);
            }
            let mut field = Battlefield::new(Terrain::new(board, pieces).unwrap_or_else(|e| panic!("{e:?}")));
            for k in 0..rng.random_range(0..5) {
                let size = [Size::Medium, Size::Large, Size::Huge][rng.random_range(0..3)];
                let _ = field.place(Figure::new(&format!("f{k}"), size, at(&mut rng), 0));
            }
            let within = SquareSet::rect(
                rng.random_range(0..4),
                rng.random_range(0..4),
                rng.random_range(4..16),
                rng.random_range(4..16),
            );
            let objectives = field.terrain().squares_with(Traits::OBJECTIVE).clone();
            for side in 1..=4u8 {
                let got = field.placeable_within(side, &within);
                for r in 0..64u8 {
                    for f in 0..64u8 {
                        let a = Square::at(f, r);
                        let space = Space::new(a, side);
                        let want = field.board().holds(&space)
                            && space.squares().is_subset(&within)
                            && field.can_stand(&space, None).is_ok()
                            && !space.squares().intersects(&objectives);
                        assert_eq!(got.contains(a), want, "round {round}, side {side}, anchor {f},{r}");
                    }
                }
            }
        }
    }
}
