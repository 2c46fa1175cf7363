//! The Grindylow's grip: its Tentacle's hit may encumber for 1 more AP
//! ("On a hit it may spend 1 AP to make the target encumbered"), and with
//! Clinging Suckers ("When an adjacent encumbered enemy moves, the grindylow
//! is dragged along behind it") it follows an encumbered enemy that moves
//! away, square by square, into the space the enemy left (ruling P2V-R157).
//! Being dragged is not its own movement: it opens no reactions, but what it
//! is dragged into acts on it, as for Haul Away (P2V-R71).

use super::event::Event;
use super::rules::P2v;
use super::state::{Frame, Life, Phase, State, Trigger};
use arbiter_core::EventSink;
use arbiter_geometry::battle::{FigureId, Mover, Space};

impl P2v {
    /// Whether `attacker` may still give the conditions its weapon's hit
    /// offers for 1 AP: its own turn, an action point left, and the target in
    /// play without them all already.
    pub(crate) fn may_spend(&self, s: &State, attacker: u8, target: u8, weapon: u8) -> bool {
        let ap = match s.phase {
            Phase::Turn(t) if t.who == attacker => t.ap,
            _ => 0,
        };
        let Some(w) = self.profile(usize::from(attacker)).and_then(|p| p.weapons.get(usize::from(weapon))) else {
            return false;
        };
        ap >= 1
            && s.creatures.get(usize::from(attacker)).is_some_and(|c| c.life == Life::Up)
            && self.in_play(s, usize::from(target))
            && !w.spend.iter().all(|g| self.has_give(s, target, *g))
    }

    /// Spends the AP: the target gets the hit's conditions.
    pub(crate) fn spend<E: EventSink<Event>>(
        &self,
        s: &mut State,
        attacker: u8,
        target: u8,
        weapon: u8,
        events: &mut E,
    ) {
        let Some(w) = self.profile(usize::from(attacker)).and_then(|p| p.weapons.get(usize::from(weapon))) else {
            return;
        };
        if let Phase::Turn(t) = &mut s.phase {
            t.ap = t.ap.saturating_sub(1);
        }
        if matches!(s.pending.top(), Some(Frame::Window(w)) if matches!(w.trigger, Trigger::Spend { .. })) {
            s.pending.pop();
        }
        self.give(s, target, &w.spend, &w.name, events);
    }

    /// After `who` moved from `was` to `now`: each creature clinging to it
    /// (an enemy with Clinging Suckers adjacent to `was` while `who` is
    /// encumbered) is dragged into the space `who` left, if it is no longer
    /// adjacent and fits there.
    pub(crate) fn drag_clingers<E: EventSink<Event>>(
        &self,
        s: &mut State,
        who: u8,
        was: Space,
        now: Space,
        events: &mut E,
    ) {
        if !self.has_clingers() {
            return;
        }
        let encumbered = self.is_encumbered(s, who);
        if !encumbered {
            return;
        }
        let team = self.team(usize::from(who));
        for g in 0..s.creatures.len().min(255) as u8 {
            let gi = usize::from(g);
            let Some(p) = self.profile(gi) else { continue };
            if !p.cling || p.team == team || s.creatures[gi].life != Life::Up {
                continue;
            }
            let Some(from) = s.creatures[gi].at else { continue };
            let side = p.size.side();
            let mine = Space::new(from, side);
            let near = |sp: &Space| arbiter_geometry::battle::targeting::distance(&mine, sp) <= 1;
            if !near(&was) || near(&now) {
                continue;
            }
            // Behind it: the square of the space it left nearest the clinger.
            let field = self.field(s);
            let mover = Mover { side, team: p.team, mode: self.mode_now(s, g), figure: Some(FigureId(u16::from(g))) };
            let ends = field.ends(mover);
            let to = was
                .squares()
                .iter()
                .filter(|q| ends.contains(*q) && !Space::new(*q, side).overlaps(&now))
                .min_by_key(|q| arbiter_geometry::battle::targeting::distance(&mine, &Space::new(*q, side)));
            let Some(to) = to else { continue };
            s.creatures[gi].at = Some(to);
            self.sync(s, gi);
            events.emit(Event::Moved { who: g, from, to, how: "dragged".into() });
            self.entered(s, g, mine, Space::new(to, side), events);
        }
    }

    /// Whether any creature of the battle clings (Clinging Suckers).
    fn has_clingers(&self) -> bool {
        self.roster().iter().any(|p| p.cling)
    }
}
