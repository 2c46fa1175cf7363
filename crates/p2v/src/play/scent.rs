//! Scent, a common feature: "A creature with scent ignores the concealed
//! status of creatures they are adjacent to and treats invisible creatures
//! they are adjacent to as concealed instead."
//!
//! A card's standard line names it (`Scent`). Against an adjacent target its
//! holder sees an invisible creature — it may target it — but its strikes
//! make the concealment check of "the figure … concealed by … an effect";
//! an adjacent target's own concealment (Evasive Swarm) is ignored. Terrain's
//! concealment is the terrain's, not the creature's status, and stays
//! (ruling P2V-R161).

use super::rules::P2v;
use super::state::State;
use arbiter_geometry::battle::FigureId;
use arbiter_geometry::battle::targeting::distance;

impl P2v {
    /// Whether `viewer` has scent and is adjacent to `target`.
    pub fn scents(&self, s: &State, viewer: u8, target: u8) -> bool {
        let has = self.profile(usize::from(viewer)).is_some_and(|p| p.defences.common.iter().any(|c| c == "scent"));
        if !has {
            return false;
        }
        let field = self.field(s);
        match (field.figure(FigureId(u16::from(viewer))), field.figure(FigureId(u16::from(target)))) {
            (Some(a), Some(b)) => distance(&a.space, &b.space) <= 1,
            _ => false,
        }
    }

    /// Whether a strike by `attacker` at `target` makes the target's own
    /// concealment check: concealed by an effect against this strike, or
    /// invisible and scented; never for an attacker with truesight, and not
    /// for a concealed target its scent finds.
    pub(crate) fn own_concealment(&self, s: &State, attacker: u8, target: u8, ranged: bool) -> bool {
        if s.effects.is_empty() || self.truesight(s, attacker) {
            return false;
        }
        let scent = self.scents(s, attacker, target);
        (self.concealed_against(s, target, ranged) && !scent) || (self.invisible(s, target) && scent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Action;
    use crate::play::state::{Life, Phase};
    use crate::play::testing::open;
    use arbiter_core::{Decision, Game};

    /// "Scent: A creature with scent ignores the concealed status of creatures
    /// they are adjacent to and treats invisible creatures they are adjacent to as
    /// concealed instead." No starter card has scent; this boar is given it.
    #[test]
    fn scent_finds_an_adjacent_invisible_creature_as_concealed_only() {
        let mut g = P2v::new(open(&["Boar"], &["Pixie"]), 2).unwrap();
        g.roster_mut().unwrap()[0].defences.common.push("scent".into());
        let mut s = g.initial_state();
        let board = g.base_terrain().board().clone();
        let sq = |n: &str| board.parse(n).unwrap();
        for (i, at) in [(0, "c3"), (1, "d3")] {
            s.creatures[i].at = Some(sq(at));
            s.creatures[i].life = Life::Up;
        }
        s.forget_field();
        s.round = 1;
        s.phase = Phase::Activate { seat: 0 };
        g.make_invisible(&mut s, 1, &mut Vec::new());
        assert!(!g.unseen(&s, 1, 0), "adjacent: the boar smells it");
        assert!(g.own_concealment(&s, 0, 1, false), "but it is concealed to the boar");
        let activate = g.parse(&s, "activate a").unwrap();
        g.apply(&mut s, &Decision::Act(activate), &mut Vec::new()).unwrap();
        let strike = g.parse(&s, "strike tusk A").unwrap();
        assert!(matches!(strike, Action::Strike { .. }));
        g.apply(&mut s, &Decision::Act(strike), &mut Vec::new()).unwrap();
        assert_eq!(g.dice(&s).len(), 1, "one concealment check before the Fight roll");
        // Two squares away it is unseen again.
        s.creatures[1].at = Some(sq("e3"));
        s.forget_field();
        assert!(g.unseen(&s, 1, 0));
    }
}
