//! Shells from cards (Tortoise Soothsayer: "Take Cover ●●: Pulls into its
//! shell: +4 Armor and resist physical 4d6, but it can neither move nor
//! attack. Spending 1 AP ends this").
//!
//! Using the power pulls the creature in (●●); using it again while inside
//! comes out (1 AP, ruling P2V-R36). While inside it has the Armor bonus and
//! the resistance dice (the highest resistance applies), and neither moves
//! of its own will (Stride, Step, Crawl, Leap, a teleport) nor attacks
//! (strikes, Trip, Shove, Grapple, powers that affect others, Reactive
//! Strike). Pushes still move it.

use super::event::Event;
use super::rules::{P2v, section};
use super::state::State;
use crate::program::Shell;
use arbiter_core::{EventSink, Refusal};

impl P2v {
    /// The shell creature `who` is in now, if it is in one.
    pub fn shell(&self, s: &State, who: u8) -> Option<Shell> {
        if !s.creatures.get(usize::from(who)).is_some_and(|c| c.sheltered) {
            return None;
        }
        self.profile(usize::from(who))?.powers.iter().find_map(|p| p.program.shell)
    }

    /// The refusal of moving or attacking from inside a shell.
    pub(crate) fn in_shell(&self, s: &State, who: u8) -> Result<(), Refusal> {
        match self.shell(s, who) {
            Some(_) => Err(Refusal::because(
                "p2v.shell",
                "the creature has pulled into its shell: it can neither move nor attack until it spends 1 AP to come out",
                section::POWER,
            )),
            None => Ok(()),
        }
    }

    /// Pulls creature `who` into its shell, or out of it.
    pub(crate) fn toggle_shell<E: EventSink<Event>>(&self, s: &mut State, who: u8, events: &mut E) {
        let Some(c) = s.creatures.get_mut(usize::from(who)) else { return };
        c.sheltered = !c.sheltered;
        let on = c.sheltered;
        events.emit(Event::Condition { who, name: "in its shell".into(), on });
    }
}
