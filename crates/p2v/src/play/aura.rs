//! Features that help allies: auras ("Sylvan Wine: Allies in the aura get
//! +1 Will") and reactions that have an ally roll a failed save again
//! ("Distracting Frolic: When an ally within 2 squares fails a Will save,
//! that ally rolls it again and keeps the better result").
//!
//! An aura is an emanation around its holder while it is up: an ally of
//! the holder (not the holder itself) whose space is in it adds the bonus
//! to that save; two auras helping the same save do not add up, the best
//! counts (ruling P2V-R37). A retry reaction opens a window when an ally
//! within range fails that save, after any hero point windows on the roll;
//! taking it rolls the save again and the better die stands, final: no
//! hero point or other retry is offered on it (ruling P2V-R38).

use super::event::{Degree, Event};
use super::rules::P2v;
use super::state::{Frame, Life, State, Trigger};
use crate::program::EffectTrait;
use arbiter_core::resolve::{Timing, Window};
use arbiter_core::{EventSink, Seat};
use arbiter_geometry::battle::targeting::distance;
use arbiter_geometry::battle::{Area, FigureId};

impl P2v {
    /// The best aura bonus to `who`'s `save` ("Will") from an ally's aura
    /// its space is in (ruling P2V-R37).
    pub fn aura_bonus(&self, s: &State, who: u8, save: &str) -> i32 {
        let team = self.team(usize::from(who));
        let mut best = 0;
        for (i, p) in self.roster().iter().enumerate() {
            if i == usize::from(who) || p.team != team || p.auras.is_empty() {
                continue;
            }
            if s.creatures.get(i).is_none_or(|c| c.life != Life::Up || c.at.is_none()) {
                continue;
            }
            for (size, aura) in &p.auras {
                let bonus = i32::from(aura.bonus);
                if aura.save.name() != save || bonus <= best {
                    continue;
                }
                let field = self.field(s);
                let Some(origin) = field.figure(FigureId(i as u16)).map(|f| f.space) else { continue };
                if field
                    .area(&Area::Emanation { origin, radius: *size })
                    .is_ok_and(|hit| hit.figures.contains(&FigureId(u16::from(who))))
                {
                    best = bonus;
                }
            }
        }
        best
    }

    /// The retry windows a save `die` of `target` opens: one per ally up
    /// within range with a retry reaction for that save (and the effect's
    /// traits) and its reaction left, when the save failed (`degree` below
    /// success).
    pub(crate) fn retry_windows(
        &self,
        s: &State,
        target: u8,
        save: &str,
        traits: &[EffectTrait],
        die: u8,
        degree: Degree,
    ) -> Vec<Window<Trigger>> {
        let mut out = Vec::new();
        if degree >= Degree::Success {
            return out;
        }
        let team = self.team(usize::from(target));
        for i in 0..self.roster().len() {
            let reactor = i as u8;
            if self.team(i) != team || self.retry_of(s, reactor, target, save, traits).is_none() {
                continue;
            }
            let t = Trigger::Retry { reactor, target, die };
            out.push(Window::for_seat(t, Timing::After, Seat(team)));
        }
        out
    }

    /// The first of `reactor`'s retries that answers `target`'s save now:
    /// for that save and the effect's traits, the ally within its range,
    /// the reaction and (for a spell) a use left; its index.
    fn retry_of(&self, s: &State, reactor: u8, target: u8, save: &str, traits: &[EffectTrait]) -> Option<usize> {
        let p = self.profile(usize::from(reactor))?;
        if reactor == target || p.retry.is_empty() || !self.may_react(s, reactor) {
            return None;
        }
        let field = self.field(s);
        let them = field.figure(FigureId(u16::from(target)))?.space;
        let me = field.figure(FigureId(u16::from(reactor)))?.space;
        p.retry.iter().position(|(r, name)| {
            r.save.is_none_or(|k| k.name() == save)
                && (r.against.is_empty() || r.against.iter().any(|t| traits.contains(t)))
                && distance(&me, &them) <= u32::from(r.within)
                && self.retry_left(s, reactor, name)
        })
    }

    /// Whether `reactor` may still take its retry reaction on `target`'s save.
    pub(crate) fn may_retry(&self, s: &State, reactor: u8, target: u8) -> bool {
        self.may_react(s, reactor) && self.in_play(s, usize::from(target))
    }

    /// The use counter a reaction spell's retry spends (Counter Performance:
    /// its prepared use; ruling P2V-R76), if the retry of this name is a spell's.
    fn retry_counter(&self, who: u8, name: &str) -> Option<usize> {
        let p = self.profile(usize::from(who))?;
        let k = p.powers.iter().position(|pw| pw.program.retry.is_some() && pw.name == name)?;
        self.use_counter(who, k as u8)
    }

    /// Whether `who`'s retry of this name has a use left (a feature's has no count).
    fn retry_left(&self, s: &State, who: u8, name: &str) -> bool {
        self.retry_counter(who, name)
            .is_none_or(|k| s.creatures.get(usize::from(who)).and_then(|c| c.power_uses.get(k)).is_some_and(|&n| n > 0))
    }

    /// Takes `reactor`'s retry reaction on the save held below the windows
    /// on top: the windows go, and the save is rolled again, the better die
    /// to stand. A retry of a spell spends its use (ruling P2V-R76).
    pub(crate) fn retry<E: EventSink<Event>>(&self, s: &mut State, reactor: u8, target: u8, events: &mut E) {
        let Some((roll, die)) = super::hero::take_held(s) else { return };
        let (save, traits) = match roll.as_ref() {
            Frame::ManeuverSave { maneuver, .. } => (maneuver.save().to_string(), Vec::new()),
            Frame::Affect(a) => {
                (self.affect_save(a).map_or_else(String::new, |k| k.name().to_string()), self.affect_traits(a))
            }
            _ => (String::new(), Vec::new()),
        };
        // Which retry answers is judged with the reaction still unspent.
        let counter = self
            .retry_of(s, reactor, target, &save, &traits)
            .and_then(|k| self.profile(usize::from(reactor)).and_then(|p| p.retry.get(k)))
            .and_then(|(_, name)| self.retry_counter(reactor, name));
        if let Some(c) = s.creatures.get_mut(usize::from(reactor)) {
            c.reacted = true;
            if let Some(n) = counter.and_then(|k| c.power_uses.get_mut(k)) {
                *n = n.saturating_sub(1);
            }
        }
        events.emit(Event::Retry { reactor, target, die });
        s.pending.push(Frame::Rerolled { roll, better_than: Some(die) });
    }
}
