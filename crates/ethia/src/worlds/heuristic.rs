//! A heuristic judgement of an adventure for the AI: the party's health, its
//! way to the boss, and what it has taken from the enemies, the boss above all.

use super::quest::EnemyKind;
use super::rules::EthiaWorlds;
use super::state::{Status, WorldsState};
use arbiter_core::{Evaluate, Game, Seat};

impl Evaluate for EthiaWorlds {
    fn evaluate(&self, s: &WorldsState, seat: Seat) -> f64 {
        if s.ending.is_some() {
            return self.returns(s, seat);
        }
        let mut score = 0.0;
        for l in &s.leaders {
            score += match l.status {
                Status::Active => 2.0 + f64::from(l.hp) - 0.1 * f64::from(self.to_boss[l.at.index()].min(30)),
                Status::Unconscious { fails } => 0.5 - f64::from(fails),
                Status::Captured => -4.0,
                Status::Escaped => 0.0,
            };
            score += f64::from(l.card.tokens) / 20.0;
        }
        // Enemies left count against the party, measured from what the quest
        // started with, so an adventure under way is worth more than walking
        // away (an escape is a draw, 0) unless the party is in real trouble.
        score += self.start_worth;
        for e in s.enemies.iter().filter(|e| !e.gone) {
            score -= enemy_worth(e.kind, e.hp) - if e.kind == EnemyKind::Boss && s.pacified { 6.0 } else { 0.0 };
        }
        (score / 20.0).tanh()
    }
}

/// What an enemy still on the board costs the party in the evaluation.
pub(crate) fn enemy_worth(kind: EnemyKind, hp: i8) -> f64 {
    match kind {
        EnemyKind::Boss => 4.0 + 2.0 * f64::from(hp),
        EnemyKind::Ranged => 0.6,
        EnemyKind::Close => 0.4,
    }
}
