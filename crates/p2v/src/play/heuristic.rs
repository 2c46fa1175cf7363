//! How good a position looks, for the greedy bot, MCTS play-outs cut short
//! and the heuristic bot: victory points, objectives held, the points and
//! health of the creatures still in play, and how close each side stands to
//! the objectives it does not hold.

use super::rules::P2v;
use super::state::{Life, State};
use arbiter_core::{Evaluate, Game, Seat};
use arbiter_geometry::battle::Space;

impl Evaluate for P2v {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
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
                    score[t] += worth * (0.5 + 0.5 * f64::from(c.hp.max(0)) / f64::from(p.hp.max(1)));
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
                Life::Dying => score[t] += worth * 0.2,
                Life::Waiting => score[t] += worth,
                Life::Eliminated => {}
            }
        }
        let diff = score[usize::from(me)] - score[usize::from(1 - me)];
        (diff / 12.0).tanh()
    }
}
