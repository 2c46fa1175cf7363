//! What terrain does to the creatures in it ("TERRAIN TRAITS"), beyond the
//! movement costs and sight the battle grid answers:
//!
//! - "Hazardous: When a creature enters a hazard, they take 5 damage. At the
//!   end of a creature's turn, they take 5 damage if they are on a hazard."
//! - "Encumbering: If a creature enters encumbering terrain or ends their
//!   turn on it, they are encumbered."
//! - "Directional: … At the end of each round, all creatures on the
//!   directional terrain are moved 2 squares in the set direction."
//! - "Deep water: … While swimming, a creature is off-guard."
//!
//! A flying creature is above all of them (ruling P2V-R32).

use super::damage::{Damage, DamageType, Types};
use super::event::Event;
use super::rules::P2v;
use super::state::{Conditions, Hit, Life, State};
use arbiter_core::EventSink;
use arbiter_geometry::battle::{Dir, FigureId, Mode, Mover, Piece, Position, Space, Square, Traits};

impl P2v {
    /// The first piece with trait `t` under any square of `space`.
    fn piece_under(&self, s: &State, space: &Space, t: Traits) -> Option<Piece> {
        self.field(s).terrain().piece_under(space, t).cloned()
    }

    /// Whether a piece carrying trait `t` lies under `space`.
    pub(crate) fn on_terrain(&self, s: &State, space: &Space, t: Traits) -> bool {
        self.field(s).terrain().piece_under(space, t).is_some()
    }

    /// The first piece with trait `t` under a square of `now` that is not
    /// in `was`: terrain the creature has just entered.
    fn piece_entered(&self, s: &State, was: &Space, now: &Space, t: Traits) -> Option<Piece> {
        let field = self.field(s);
        let terrain = field.terrain();
        // The squares of `now` in set order (rank by rank), read in place;
        // a square whose traits in force lack `t` holds no such piece.
        let (f0, f1) = (i32::from(now.file), now.file_end().min(64));
        let (r0, r1) = (i32::from(now.rank), now.rank_end().min(64));
        (r0..r1).flat_map(|r| (f0..f1).map(move |f| (f, r))).find_map(|(f, r)| {
            let q = Square::at(f as u8, r as u8);
            if was.holds(f, r) || !terrain.traits(q).contains(t) {
                return None;
            }
            terrain.pieces_on(q).iter().filter_map(|id| terrain.piece(*id)).find(|p| p.active().contains(t)).cloned()
        })
    }

    /// Whether `who` flies now (an encumbered creature does not).
    fn flies(&self, s: &State, who: u8) -> bool {
        self.mode_now(s, who) == Mode::Fly
    }

    /// A creature moved from `was` to `now` (a step of a move, a push, a
    /// drift): a hazard it entered hurts it, encumbering terrain encumbers it.
    pub(crate) fn entered<E: EventSink<Event>>(&self, s: &mut State, who: u8, was: Space, now: Space, events: &mut E) {
        self.mines_entered(s, who, &was, &now, events);
        if self.flies(s, who) {
            return;
        }
        if let Some(p) = self.piece_entered(s, &was, &now, Traits::HAZARDOUS) {
            self.push_damage(s, hazard_hit(who, &p));
        }
        if self.piece_entered(s, &was, &now, Traits::ENCUMBERING).is_some() {
            self.encumber(s, who, events);
        }
    }

    fn encumber<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some(c) = s.creatures.get_mut(usize::from(who)) else { return };
        if c.life == Life::Up && !c.conditions.has(Conditions::ENCUMBERED) {
            c.conditions = c.conditions.with(Conditions::ENCUMBERED);
            events.emit(Event::Condition { who, name: "encumbered".into(), on: true });
        }
    }

    /// The hazard a creature ends its turn on, as the damage it deals.
    pub(crate) fn hazard_at_turn_end(&self, s: &State, who: u8) -> Option<Hit> {
        let space = self.space_of(s, who)?;
        if self.flies(s, who) {
            return None;
        }
        self.piece_under(s, &space, Traits::HAZARDOUS).map(|p| hazard_hit(who, &p))
    }

    /// After a turn's conditions are lost: a creature that ended its turn
    /// on encumbering terrain is encumbered (through its next turn).
    pub(crate) fn encumbered_at_turn_end<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some(space) = self.space_of(s, who) else { return };
        if !self.flies(s, who) && self.piece_under(s, &space, Traits::ENCUMBERING).is_some() {
            self.encumber(s, who, events);
        }
    }

    /// Whether a creature swims: part of its space is deep water, and it
    /// neither flies nor swims by nature (ruling P2V-R32).
    pub fn swimming(&self, s: &State, who: u8) -> bool {
        let Some(space) = self.space_of(s, who) else { return false };
        let natural = matches!(self.mode_now(s, who), Mode::Fly | Mode::Aquatic);
        !natural && self.piece_under(s, &space, Traits::DEEP_WATER).is_some()
    }

    /// Whether `who`'s space is on a square with a terrain trait (Control
    /// Water: in the water; ruling P2V-R77).
    pub(crate) fn stands_on(&self, s: &State, who: u8, t: Traits) -> bool {
        self.space_of(s, who).is_some_and(|space| self.piece_under(s, &space, t).is_some())
    }

    /// The space creature `who` fills, while it is on the board, up or dying.
    pub(crate) fn space_of(&self, s: &State, who: u8) -> Option<Space> {
        let c = s.creatures.get(usize::from(who))?;
        let at = c.at.filter(|_| matches!(c.life, Life::Up | Life::Dying))?;
        Some(Space::new(at, self.profile(usize::from(who))?.size.side()))
    }

    /// The end of a round: every creature on directional terrain moves 2
    /// squares its way, one square at a time, stopping where it could not
    /// stand (ruling P2V-R32), entering what it enters.
    pub(crate) fn drift<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        for who in 0..s.creatures.len().min(255) as u8 {
            let Some(space) = self.space_of(s, who) else { continue };
            if self.flies(s, who) {
                continue;
            }
            let Some(dir) = self.piece_under(s, &space, Traits::DIRECTIONAL).and_then(|p| p.direction) else {
                continue;
            };
            self.shift(s, who, dir, 2, "swept by the terrain", events);
        }
    }

    /// Forced movement: `who` goes `squares` squares in direction `dir`,
    /// one square at a time, stopping where it could not stand, entering
    /// what it enters; not a move, so no reaction answers it.
    pub(crate) fn shift<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        dir: Dir,
        squares: u8,
        how: &str,
        events: &mut E,
    ) {
        let Some(from) = self.space_of(s, who).map(|sp| sp.anchor()) else { return };
        for _ in 0..squares {
            if !self.shift_one(s, who, dir, events) {
                break;
            }
        }
        if let Some(at) = self.space_of(s, who).map(|sp| sp.anchor()).filter(|at| *at != from) {
            events.emit(Event::Moved { who, from, to: at, how: how.into() });
        }
    }

    /// Moves `who` one square in direction `dir` if it can stand there;
    /// entering acts (a hazard). Whether it moved.
    fn shift_one<E: EventSink<Event>>(&self, s: &mut State, who: u8, dir: Dir, events: &mut E) -> bool {
        let Some(space) = self.space_of(s, who) else { return false };
        let Some(p) = self.profile(usize::from(who)) else { return false };
        let mover = Mover {
            side: p.size.side(),
            team: p.team,
            mode: self.mode_now(s, who),
            figure: Some(FigureId(who.into())),
        };
        let at = space.anchor();
        let field = self.field(s);
        let Some(next) = field.board().neighbour(at, dir) else { return false };
        let pos = Position { anchor: at, odd_diagonals: false, down: false };
        let ok = field.step(mover, pos, next).is_ok_and(|(st, _)| st.fall < 2) && field.may_end(mover, next);
        if !ok {
            return false;
        }
        if let Some(c) = s.creatures.get_mut(usize::from(who)) {
            c.at = Some(next);
        }
        self.sync(s, usize::from(who));
        self.entered(s, who, space, Space::new(next, p.size.side()), events);
        true
    }

    /// Pulls `who` up to `squares` squares toward `to`, one square at a
    /// time along the nearest of eight directions toward it, until it is
    /// adjacent or can go no further (ruling P2V-R40).
    pub(crate) fn pull_toward<E: EventSink<Event>>(&self, s: &mut State, who: u8, to: u8, squares: u8, events: &mut E) {
        let Some(start) = self.space_of(s, who).map(|sp| sp.anchor()) else { return };
        for _ in 0..squares {
            let (Some(them), Some(me)) = (self.space_of(s, who), self.space_of(s, to)) else { break };
            if arbiter_geometry::battle::targeting::distance(&me, &them) <= 1 {
                break;
            }
            let Some(dir) = toward(&them, &me) else { break };
            if !self.shift_one(s, who, dir, events) {
                break;
            }
        }
        if let Some(at) = self.space_of(s, who).map(|sp| sp.anchor()).filter(|at| *at != start) {
            events.emit(Event::Moved { who, from: start, to: at, how: "pulled".into() });
        }
    }

    /// Pushes `who` `squares` squares straight away from `from`: along the
    /// one of eight directions nearest the line from `from`'s centre to
    /// its own (ruling P2V-R39).
    pub(crate) fn push_away<E: EventSink<Event>>(&self, s: &mut State, who: u8, from: u8, squares: u8, events: &mut E) {
        let (Some(them), Some(me)) = (self.space_of(s, who), self.space_of(s, from)) else { return };
        let Some(dir) = toward(&me, &them) else { return };
        self.shift(s, who, dir, squares, "pushed", events);
    }
}

/// The 5 damage of a hazard, of its type ("Damage type depends on the hazard").
fn hazard_hit(who: u8, p: &Piece) -> Hit {
    let types = p.damage.as_deref().and_then(DamageType::parse).map_or(Types::NONE, Types::of);
    Hit {
        target: who,
        source: None,
        damage: Damage { amount: 5, types },
        strike: false,
        area: false,
        critical: false,
        defended: false,
    }
}

/// The one of eight directions nearest the line from `from`'s centre to
/// `to`'s (a diagonal when the line is within 22.5° of one); `None` when
/// the centres coincide.
fn toward(from: &Space, to: &Space) -> Option<Dir> {
    // Centres, in half squares.
    let centre =
        |sp: &Space| (2 * i32::from(sp.file) + i32::from(sp.side), 2 * i32::from(sp.rank) + i32::from(sp.side));
    let ((fx, fy), (tx, ty)) = (centre(from), centre(to));
    let (dx, dy) = (tx - fx, ty - fy);
    // tan 22.5° ≈ 0.414 ≈ 5/12.
    let sx = if 12 * dx.abs() >= 5 * dy.abs() { dx.signum() } else { 0 };
    let sy = if 12 * dy.abs() >= 5 * dx.abs() { dy.signum() } else { 0 };
    Dir::ALL.iter().copied().find(|d| {
        let (df, dr) = d.delta();
        (i32::from(df), i32::from(dr)) == (sx, sy)
    })
}
