//! Terrain put down beside a creature: Feather Token (Ladder) ("A ladder 4
//! squares long appears in an empty adjacent square").
//!
//! A power with `place = { name = "ladder", traits = ["incline"] }` is aimed
//! at a square next to the user's space where a creature could stand and
//! none does; that square becomes terrain with the traits, named, for the
//! battle (or `rounds`), as terrain made by a spell is (P2V-R140). A ladder is
//! an incline: creatures climb by it between elevations (ruling P2V-R162).

use super::action::Aim;
use super::event::Event;
use super::rules::{P2v, section};
use super::state::{State, Veil};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::{FigureId, Mover, Space, Square};

/// Why a square is not an empty square beside a creature.
pub(crate) enum NotBeside {
    /// The creature is not on the board.
    Nowhere,
    /// The square is not next to its space.
    Away,
    /// A creature or objective is there, there is no ground to stand on, or
    /// it is off the board.
    Taken,
}

impl P2v {
    /// Whether `at` is a square next to `who`'s space where a creature of
    /// one square could stand and none does (a mine's, a ladder's).
    pub(crate) fn empty_beside(&self, s: &State, who: u8, at: Square) -> Result<(), NotBeside> {
        let i = usize::from(who);
        let (Some(p), Some(from)) = (self.profile(i), s.creatures.get(i).and_then(|c| c.at)) else {
            return Err(NotBeside::Nowhere);
        };
        let me = Space::new(from, p.size.side());
        let (gx, gy) = me.gaps(&Space::new(at, 1));
        if me.contains(at) || gx > 1 || gy > 1 {
            return Err(NotBeside::Away);
        }
        let field = self.field(s);
        let mover =
            Mover { side: 1, team: p.team, mode: self.mode_now(s, who), figure: Some(FigureId(u16::from(who))) };
        if !field.board().contains(at) || !field.may_end(mover, at) {
            return Err(NotBeside::Taken);
        }
        Ok(())
    }

    /// Judges `who` putting down its power's terrain on `at`.
    pub(crate) fn judge_place(&self, s: &State, who: u8, power: u8, at: Square) -> Result<(), Refusal> {
        let no = |why: &str| Refusal::because("p2v.place", format!("{why} (ruling P2V-R162)"), section::POWER);
        let placing = self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power)));
        if placing.and_then(|pw| pw.program.place.as_ref()).is_none() {
            return Err(no("that power puts down no terrain"));
        }
        self.empty_beside(s, who, at).map_err(|e| match e {
            NotBeside::Nowhere => no("the creature is not on the board"),
            NotBeside::Away => no("it goes on a square adjacent to the user"),
            NotBeside::Taken => {
                no("the square must be empty: on the board, with no creature or objective, ground to stand on")
            }
        })
    }

    /// Every square where `who` may put down its power's terrain.
    pub(crate) fn place_squares(&self, s: &State, who: u8, power: u8) -> Vec<Aim> {
        let Some(from) = s.creatures.get(usize::from(who)).and_then(|c| c.at) else { return Vec::new() };
        let side = self.profile(usize::from(who)).map_or(1, |p| i32::from(p.size.side()));
        let board = self.field(s).board().clone();
        let mut out = Vec::new();
        for r in from.rank() - 1..=from.rank() + side {
            for f in from.file() - 1..=from.file() + side {
                let Some(at) = board.square(f, r) else { continue };
                if self.judge_place(s, who, power, at).is_ok() {
                    out.push(Aim::Square { at });
                }
            }
        }
        out
    }

    /// Puts the terrain down.
    pub(crate) fn place_terrain<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        power: u8,
        at: Square,
        events: &mut E,
    ) {
        let Some(t) =
            self.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))?.program.place.clone())
        else {
            return;
        };
        let Ok(traits) = t.traits() else { return };
        let until = t.rounds.map_or(u8::MAX, |r| s.round.saturating_add(r).min(u8::MAX - 1));
        events.emit(Event::TerrainMade { who, name: t.name.clone(), squares: 1, until });
        s.veils.push(Veil { squares: vec![at], until, traits, name: Some(t.name) });
        s.forget_field();
    }
}
