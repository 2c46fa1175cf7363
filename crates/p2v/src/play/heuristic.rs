//! How good a position looks, for the greedy bot, MCTS play-outs cut short
//! and the heuristic bot: victory points, objectives held, the points and
//! health of the creatures still in play, and how close each side stands to
//! the objectives it does not hold, and its hero points. A d20 held for a
//! hero point is judged by what it does: the held die as it stands, a
//! reroll by the average of its twenty faces, so a bot spends a hero point
//! when a reroll is worth more than the point.

use super::rules::P2v;
use super::state::{Frame, Life, State, Trigger};
use arbiter_core::{Discard, Evaluate, Game, Seat};
use arbiter_geometry::battle::Space;

/// What a hero point is worth to the heuristic, in its units (a creature
/// counts its points ÷ 20).
const HERO_POINT: f64 = 0.05;

impl Evaluate for P2v {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        match s.pending.top() {
            Some(Frame::Rerolled { .. }) => {
                let mut sum = 0.0;
                for die in 1..=20u8 {
                    let mut next = s.clone();
                    if let Some(Frame::Rerolled { roll, better_than }) = next.pending.pop() {
                        let die = die.max(better_than.unwrap_or(0));
                        super::resolve::resolve_roll(self, &mut next, *roll, &[die], &mut Discard);
                        self.settle(&mut next, &mut Discard);
                    }
                    sum += self.judge(&next, seat);
                }
                sum / 20.0
            }
            Some(Frame::Window(w)) if matches!(w.trigger, Trigger::Reroll { .. } | Trigger::Retry { .. }) => {
                let mut next = s.clone();
                while let Some(Frame::Window(_)) = next.pending.top() {
                    next.pending.pop();
                }
                if let Some(Frame::Held { roll, die }) = next.pending.pop() {
                    super::resolve::resolve_roll(self, &mut next, *roll, &[die], &mut Discard);
                    self.settle(&mut next, &mut Discard);
                }
                self.judge(&next, seat)
            }
            _ => self.judge(s, seat),
        }
    }
}

impl P2v {
    /// The position's worth to `seat` as it stands, in −1 to 1.
    fn judge(&self, s: &State, seat: Seat) -> f64 {
        if s.ending.is_some() {
            return self.returns(s, seat);
        }
        let me = seat.0.min(1);
        let mut score = [0.0f64; 2];
        for (t, sc) in score.iter_mut().enumerate() {
            *sc += f64::from(s.vp[t]) * 3.0;
            *sc += s.objectives.iter().filter(|o| o.holder == Some(t as u8)).count() as f64 * 2.0;
        }
        for (i, c) in s.creatures.iter().enumerate() {
            let Some(p) = self.profile(i) else { continue };
            let t = usize::from(p.team.min(1));
            let worth = f64::from(p.points) / 20.0;
            match c.life {
                Life::Up => {
                    let mut health = f64::from(c.hp.max(0)) / f64::from(p.hp.max(1));
                    // White hairs are a second, shorter track to elimination.
                    if let Some((n, _)) = p.hairs {
                        health = health.min(f64::from(n.saturating_sub(c.hairs_lost)) / f64::from(n.max(1)));
                    }
                    score[t] += worth * (0.5 + 0.5 * health);
                    score[t] += HERO_POINT * f64::from(c.hero_points);
                    // What spells left on it: invisible, controlled, bonuses.
                    score[t] += worth * self.spell_standing(s, i as u8);
                    // Nearness to the objectives its side does not hold.
                    if let Some(at) = c.at {
                        let sq = Space::new(at, p.size.side());
                        let near = s
                            .objectives
                            .iter()
                            .filter(|o| o.holder != Some(p.team))
                            .map(|o| {
                                let (f, r) = (o.square.file(), o.square.rank());
                                let dx = (f - i32::from(sq.file)).abs().max(f - sq.file_end() + 1).max(0);
                                let dy = (r - i32::from(sq.rank)).abs().max(r - sq.rank_end() + 1).max(0);
                                dx.max(dy)
                            })
                            .min();
                        if let Some(d) = near {
                            score[t] += 0.5 / (1.0 + f64::from(d));
                        }
                    }
                }
                // A hero point spent on recovery keeps it from elimination.
                Life::Dying => score[t] += worth * if c.sure_recovery { 0.35 } else { 0.2 },
                Life::Waiting => score[t] += worth,
                Life::Eliminated => {}
            }
        }
        let diff = score[usize::from(me)] - score[usize::from(1 - me)];
        (diff / 12.0).tanh()
    }
}
