//! Taking an item from a body ("Looting"; ruling P2V-R168): "A creature on
//! or adjacent to that space can Interact with the body to take one item
//! from it".
//!
//! The items that can change hands are the consumables the engine runs as
//! a weapon or a power of their carrier, used once (a thrown flask, a
//! potion, an oil). The game numbers them, in roster order, when it is
//! made. Every creature's profile gets a slot for every such item: its own
//! item's weapon or power, or a copy of another's that starts with no use.
//! Whoever's slot has the use left holds the item. `take N` (Interact,
//! 1 AP) moves the use of item N from the body of the creature that held it
//! to the taker's slot, so the item works for the taker as it did for its
//! owner, and is taken again from the taker's body if it falls.

use super::action::Action;
use super::event::Event;
use super::roster::Profile;
use super::rules::{P2v, section};
use super::state::{Life, State, Turn};
use arbiter_core::{EventSink, Refusal};
use arbiter_geometry::battle::Space;

/// Where an item sits on a creature's profile: one of its weapons or one of
/// its powers, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// A weapon (a strike) rather than a power.
    pub weapon: bool,
    /// Its index among the creature's weapons or powers.
    pub index: u8,
}

/// The most items a game numbers (a creature has at most 32 weapons and
/// 32 powers).
const MOST: usize = 16;

/// Numbers the items of a roster that can be taken from a body, and gives
/// every creature a slot for each: its own, or a copy that starts unused.
/// Returns each item's first owner and its slot there.
pub(crate) fn share_items(roster: &mut [Profile]) -> Vec<(u8, Slot)> {
    let items: Vec<(u8, Slot)> = roster
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.own_items.iter().map(move |s| (i as u8, *s)))
        .take(MOST)
        .collect();
    let copies: Vec<(Option<super::roster::Weapon>, Option<super::roster::Power>)> = items
        .iter()
        .map(|&(o, s)| {
            let p = &roster[usize::from(o)];
            if s.weapon {
                (p.weapons.get(usize::from(s.index)).cloned(), None)
            } else {
                (None, p.powers.get(usize::from(s.index)).cloned())
            }
        })
        .collect();
    for (j, p) in roster.iter_mut().enumerate() {
        p.item_slots = items
            .iter()
            .zip(&copies)
            .map(|(&(o, s), (w, pw))| {
                if usize::from(o) == j {
                    return Some(s);
                }
                match (w, pw) {
                    (Some(w), _) if p.weapons.len() < 32 => {
                        p.weapons.push(w.clone());
                        Some(Slot { weapon: true, index: (p.weapons.len() - 1) as u8 })
                    }
                    (_, Some(pw)) if p.powers.len() < 32 => {
                        p.powers.push(pw.clone());
                        Some(Slot { weapon: false, index: (p.powers.len() - 1) as u8 })
                    }
                    _ => None,
                }
            })
            .collect();
    }
    items
}

impl P2v {
    /// How many items of the game can be taken from a body.
    pub fn item_count(&self) -> usize {
        self.items().len()
    }

    /// Whether slot `slot` of creature `i` is a copy of another creature's
    /// item (it holds nothing until it takes that item).
    pub fn is_copy(&self, i: usize, slot: Slot) -> bool {
        self.items().iter().enumerate().any(|(t, &(o, _))| {
            usize::from(o) != i && self.profile(i).and_then(|p| p.item_slots.get(t).copied().flatten()) == Some(slot)
        })
    }

    /// The uses left in creature `i`'s slot `slot`.
    fn slot_uses(&self, s: &State, i: usize, slot: Slot) -> u8 {
        let Some(c) = s.creatures.get(i) else { return 0 };
        if slot.weapon {
            c.uses.get(usize::from(slot.index)).copied().unwrap_or(0)
        } else {
            self.use_counter(i as u8, slot.index).and_then(|k| c.power_uses.get(k).copied()).unwrap_or(0)
        }
    }

    /// Sets the uses left in creature `i`'s slot `slot`.
    fn set_slot_uses(&self, s: &mut State, i: usize, slot: Slot, n: u8) {
        let counter = if slot.weapon { None } else { self.use_counter(i as u8, slot.index) };
        let Some(c) = s.creatures.get_mut(i) else { return };
        let cell = match counter {
            None if slot.weapon => c.uses.get_mut(usize::from(slot.index)),
            Some(k) => c.power_uses.get_mut(k),
            None => None,
        };
        if let Some(cell) = cell {
            *cell = n;
        }
    }

    /// Who holds item `item` now (the creature whose slot has its use), if
    /// it is not used up.
    pub fn holder(&self, s: &State, item: u8) -> Option<u8> {
        let t = usize::from(item);
        (0..s.creatures.len().min(256)).find_map(|i| {
            let slot = self.profile(i)?.item_slots.get(t).copied().flatten()?;
            (self.slot_uses(s, i, slot) > 0).then_some(i as u8)
        })
    }

    /// Item `item`'s name, as its weapon or power is called.
    pub fn item_name(&self, item: u8) -> Option<&str> {
        let &(o, slot) = self.items().get(usize::from(item))?;
        let p = self.profile(usize::from(o))?;
        if slot.weapon {
            p.weapons.get(usize::from(slot.index)).map(|w| w.name.as_str())
        } else {
            p.powers.get(usize::from(slot.index)).map(|w| w.name.as_str())
        }
    }

    /// The items on the body of creature `who` (eliminated), by number.
    pub fn items_on_body<'a>(&'a self, s: &'a State, who: u8) -> impl Iterator<Item = u8> + 'a {
        let items = if s.creatures.get(usize::from(who)).is_some_and(|c| c.life == Life::Eliminated) {
            self.item_count().min(255)
        } else {
            0
        };
        (0..items as u8).filter(move |&t| self.holder(s, t) == Some(who))
    }

    /// Starts every copied slot with no use (a new game's state).
    pub(crate) fn empty_copies(&self, s: &mut State) {
        for i in 0..s.creatures.len() {
            let Some(p) = self.profile(i) else { continue };
            for (t, slot) in p.item_slots.iter().enumerate() {
                if let Some(slot) = *slot
                    && self.items().get(t).is_some_and(|&(o, _)| usize::from(o) != i)
                {
                    self.set_slot_uses(s, i, slot, 0);
                }
            }
        }
    }

    /// Judges `take N`: Interact (1 AP) with the body holding item N, lying
    /// on or beside the taker's space; the taker has a slot for it.
    pub(crate) fn judge_take(&self, s: &State, t: &Turn, item: u8) -> Result<(), Refusal> {
        let no = |rule: &'static str, why: String| Err(Refusal::because(rule, why, section::LOOTING));
        if usize::from(item) >= self.item_count() {
            return no("p2v.loot.none", format!("there is no item {} to take", u16::from(item) + 1));
        }
        if t.ap == 0 {
            return no("p2v.loot.ap", "taking an item is an Interact (1 AP) and none is left".into());
        }
        let Some(h) = self.holder(s, item) else {
            return no("p2v.loot.none", "that item is used up".into());
        };
        let body = s.bodies.iter().find(|b| b.of == h && !b.trail);
        let lying = body.and_then(|b| b.at.filter(|_| b.carried_by.is_none()));
        let Some(at) = lying.filter(|_| s.creatures[usize::from(h)].life == Life::Eliminated) else {
            return no(
                "p2v.loot.body",
                "an item is taken from the body of an eliminated creature, lying on the ground".into(),
            );
        };
        let near = match (self.profile(usize::from(t.who)), s.creatures.get(usize::from(t.who)).and_then(|c| c.at)) {
            (Some(p), Some(me)) => super::party::touching(&Space::new(me, p.size.side()), &Space::new(at, 1)),
            _ => false,
        };
        if !near {
            return no("p2v.loot.reach", "a creature on or adjacent to the body's space takes an item from it".into());
        }
        if self
            .profile(usize::from(t.who))
            .and_then(|p| p.item_slots.get(usize::from(item)).copied().flatten())
            .is_none()
        {
            return no("p2v.loot.room", "the creature has no room for another weapon or power (32 each)".into());
        }
        Ok(())
    }

    /// The items the creature taking its turn may take now.
    pub(crate) fn take_actions(&self, s: &State, t: &Turn, out: &mut Vec<Action>) {
        if t.ap == 0 || self.item_count() == 0 || s.bodies.is_empty() {
            return;
        }
        for item in 0..self.item_count().min(255) as u8 {
            if self.judge_take(s, t, item).is_ok() {
                out.push(Action::Take { item });
            }
        }
    }

    /// `who` takes item `item` from the body holding it (judged legal, its
    /// AP paid): the use moves to its own slot for that item.
    pub(crate) fn take_item<E: EventSink<Event>>(&self, s: &mut State, who: u8, item: u8, events: &mut E) {
        let Some(h) = self.holder(s, item) else { return };
        let t = usize::from(item);
        let (Some(from), Some(to)) = (
            self.profile(usize::from(h)).and_then(|p| p.item_slots.get(t).copied().flatten()),
            self.profile(usize::from(who)).and_then(|p| p.item_slots.get(t).copied().flatten()),
        ) else {
            return;
        };
        let n = self.slot_uses(s, usize::from(h), from);
        self.set_slot_uses(s, usize::from(h), from, 0);
        self.set_slot_uses(s, usize::from(who), to, n);
        let name = self.item_name(item).unwrap_or("?").to_string();
        events.emit(Event::ItemTaken { who, from: h, item, name });
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use crate::play::state::Phase;
    use arbiter_core::{Decision, Entry, Game};

    /// A Boar (a) with a Healing Potion (minor) and a Harpy (b) against two
    /// Kobold Warriors (A, B); the boar eliminated on c3, the first kobold
    /// beside it on d3, its turn begun.
    fn scene() -> (P2v, State) {
        let mut v = crate::play::testing::open(&["Boar", "Harpy"], &["Kobold Warrior", "Kobold Warrior"]);
        v.warbands[0].entries[0].items = vec!["Healing Potion (minor)".into()];
        let g = P2v::new(v, 2).unwrap();
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        for (i, at) in [(0, "c3"), (1, "j9"), (2, "d3"), (3, "j2")] {
            s.creatures[i].at = Some(board.parse(at).unwrap());
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        g.eliminate(&mut s, 0, &mut Vec::new());
        s.phase = Phase::Activate { seat: 1 };
        act(&g, &mut s, "activate A").unwrap();
        (g, s)
    }

    fn act(g: &P2v, s: &mut State, text: &str) -> Result<Vec<Event>, Refusal> {
        let a = g.parse(s, text).map_err(|e| Refusal::because("parse", e, "-"))?;
        let mut events = Vec::new();
        g.apply(s, &Decision::Act(a), &mut events)?;
        g.validate_state(s).unwrap();
        Ok(events)
    }

    /// The power index of the potion on creature `i`.
    fn potion(g: &P2v, i: usize) -> u8 {
        g.profile(i).unwrap().item_slots[0].unwrap().index
    }

    /// "A creature on or adjacent to that space can Interact with the body
    /// to take one item from it" (Looting).
    #[test]
    fn a_creature_beside_a_body_takes_its_item_and_can_use_it() {
        let (g, mut s) = scene();
        assert_eq!(g.item_count(), 1);
        assert_eq!(g.item_name(0), Some("Healing Potion (minor)"));
        assert_eq!(g.holder(&s, 0), Some(0), "the boar's body holds it");
        assert!(g.picture(&s).contains("lies on c3, with item 1 Healing Potion (minor)"));
        // The kobold's copy holds nothing yet: it is not listed, nor usable.
        let use_it = Action::Use { power: potion(&g, 2), aim: super::super::action::Aim::Creature { who: 2 } };
        assert!(g.check(&s, &use_it).is_err());
        let mut listed = Vec::new();
        g.legal_actions(&s, &mut listed);
        assert!(listed.contains(&Action::Take { item: 0 }));
        let events = act(&g, &mut s, "take 1").unwrap();
        assert!(events.iter().any(|e| matches!(e, Event::ItemTaken { who: 2, from: 0, item: 0, .. })));
        assert_eq!(g.holder(&s, 0), Some(2), "the kobold holds it now");
        assert!(matches!(s.phase, Phase::Turn(t) if t.ap == 1), "an Interact: 1 AP");
        assert!(!g.picture(&s).contains("with item 1"));
        // Drinking it heals the kobold, as it would have healed the boar.
        s.creatures[2].hp -= 3;
        g.check(&s, &use_it).unwrap();
        g.apply(&mut s, &Decision::Act(use_it), &mut Vec::new()).unwrap();
        g.settle(&mut s, &mut Vec::new());
        assert_eq!(s.creatures[2].hp, g.profile(2).unwrap().hp);
        assert_eq!(g.holder(&s, 0), None, "used up");
    }

    /// Only from the body of an eliminated creature, on or beside it; and an
    /// item taken is on the taker's body if it falls in turn.
    #[test]
    fn an_item_is_taken_from_a_body_beside_the_taker_and_again_from_the_takers() {
        let (g, mut s) = scene();
        // The harpy, up, holds nothing to take; the second kobold is too far.
        let refused = |s: &State, a: Action| g.check(s, &a).err().map(|r| r.rule.to_string());
        assert_eq!(refused(&s, Action::Take { item: 1 }).as_deref(), Some("p2v.loot.none"));
        let board = g.base_terrain().board().clone();
        s.creatures[2].at = Some(board.parse("f3").unwrap());
        s.forget_field();
        assert_eq!(refused(&s, Action::Take { item: 0 }).as_deref(), Some("p2v.loot.reach"));
        s.creatures[2].at = Some(board.parse("c4").unwrap());
        s.forget_field();
        act(&g, &mut s, "take 1").unwrap();
        // The kobold falls where it stands: the harpy takes the potion back.
        g.eliminate(&mut s, 2, &mut Vec::new());
        assert_eq!(g.holder(&s, 0), Some(2));
        s.creatures[1].at = Some(board.parse("c5").unwrap());
        s.forget_field();
        s.phase = Phase::Turn(Turn { who: 1, ap: 2, ..Turn::default() });
        act(&g, &mut s, "take 1").unwrap();
        assert_eq!(g.holder(&s, 0), Some(1));
        // Only a body gives up an item: the harpy's is its own now.
        s.phase = Phase::Turn(Turn { who: 3, ap: 2, ..Turn::default() });
        s.creatures[3].at = Some(board.parse("c6").unwrap());
        s.forget_field();
        assert_eq!(refused(&s, Action::Take { item: 0 }).as_deref(), Some("p2v.loot.body"));
    }
}
