//! The numbers behind a report: per cell, win rates per side and per seat
//! with 95% Wilson intervals, the first mover's win rate, game lengths,
//! endings and the running estimate; and the precision test that stops a
//! cell.

use crate::store::GameRow;
use arbiter_core::stats::{Proportion, wilson, wilson_z};
use std::collections::BTreeMap;

/// The normal quantile for a two-sided `confidence` (0.95 → 1.96), by
/// Acklam's rational approximation (relative error below 1.2e-9, far
/// below what a stopping rule needs).
pub fn z_for(confidence: f64) -> f64 {
    let p = 1.0 - (1.0 - confidence.clamp(1e-9, 1.0 - 1e-12)) / 2.0;
    // Acklam's coefficients.
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.383_577_518_672_69e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] =
        [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
    let tail = |q: f64| {
        let q = (-2.0 * q.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p > 1.0 - 0.02425 {
        -tail(1.0 - p)
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// The widest half-interval of any side's win rate over `games` at `z`
/// standard errors (failed games left out).
pub fn widest_half(games: &[GameRow], sides: usize, z: f64) -> f64 {
    let ok: Vec<&GameRow> = games.iter().filter(|g| g.error.is_none()).collect();
    let n = ok.len() as u64;
    (0..sides.max(1))
        .map(|s| {
            let wins = ok.iter().filter(|g| g.winner == Some(s)).count() as u64;
            let rate = if n == 0 { 0.0 } else { wins as f64 / n as f64 };
            let p = wilson_z(rate, n, z);
            (p.high - p.low) / 2.0
        })
        .fold(0.0, f64::max)
}

/// What one cell's games say.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games that finished.
    pub games: u64,
    /// Games that failed (an error or a panic), left out of every number.
    pub failures: u64,
    /// Wins per side.
    pub side_wins: Vec<u64>,
    /// Each side's win rate.
    pub side_rates: Vec<Proportion>,
    /// Wins per seat.
    pub seat_wins: Vec<u64>,
    /// Each seat's win rate.
    pub seat_rates: Vec<Proportion>,
    /// Games nobody won.
    pub draws: u64,
    /// The draw rate.
    pub draw_rate: Proportion,
    /// Games where the first mover is known.
    pub first_games: u64,
    /// Of those, games the first mover won.
    pub first_wins: u64,
    /// The first mover's win rate.
    pub first_rate: Proportion,
    /// Mean decisions per game.
    pub mean_length: f64,
    /// Every game's length, in index order.
    pub lengths: Vec<u64>,
    /// Endings with their counts.
    pub endings: BTreeMap<String, u64>,
    /// Side 1's win rate after 1, 2, … games (sampled to at most 200
    /// points): the running estimate.
    pub running: Vec<(u64, Proportion)>,
}

impl Summary {
    /// Sums up a cell's games (in index order) for `players` seats in
    /// `sides` sides.
    pub fn of(games: &[GameRow], players: usize, sides: usize) -> Summary {
        let ok: Vec<&GameRow> = games.iter().filter(|g| g.error.is_none()).collect();
        let n = ok.len() as u64;
        let side_wins: Vec<u64> =
            (0..sides.max(1)).map(|s| ok.iter().filter(|g| g.winner == Some(s)).count() as u64).collect();
        let seat_wins: Vec<u64> =
            (0..players).map(|s| ok.iter().filter(|g| g.winners.contains(&(s as u8))).count() as u64).collect();
        let draws = ok.iter().filter(|g| g.winner.is_none()).count() as u64;
        let first: Vec<&&GameRow> = ok.iter().filter(|g| g.first.is_some()).collect();
        let first_wins = first.iter().filter(|g| g.first.is_some_and(|f| g.winners.contains(&f))).count() as u64;
        let mut endings = BTreeMap::new();
        for g in &ok {
            *endings.entry(g.ending.clone()).or_insert(0) += 1;
        }
        let step = (n / 200).max(1);
        let mut running = Vec::new();
        let mut wins = 0;
        for (i, g) in ok.iter().enumerate() {
            wins += u64::from(g.winner == Some(0));
            let k = i as u64 + 1;
            if k % step == 0 || k == n {
                running.push((k, wilson(wins, k)));
            }
        }
        let lengths: Vec<u64> = ok.iter().map(|g| g.length).collect();
        Summary {
            games: n,
            failures: games.len() as u64 - n,
            side_rates: side_wins.iter().map(|&w| wilson(w, n)).collect(),
            side_wins,
            seat_rates: seat_wins.iter().map(|&w| wilson(w, n)).collect(),
            seat_wins,
            draws,
            draw_rate: wilson(draws, n),
            first_games: first.len() as u64,
            first_wins,
            first_rate: wilson(first_wins, first.len() as u64),
            mean_length: if n == 0 { 0.0 } else { lengths.iter().sum::<u64>() as f64 / n as f64 },
            lengths,
            endings,
            running,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_quantiles_match_the_tables() {
        assert!((z_for(0.95) - 1.959_964).abs() < 1e-5, "{}", z_for(0.95));
        assert!((z_for(0.99) - 2.575_829).abs() < 1e-5, "{}", z_for(0.99));
        assert!((z_for(0.90) - 1.644_854).abs() < 1e-5, "{}", z_for(0.90));
        assert!((z_for(0.999) - 3.290_527).abs() < 1e-5, "{}", z_for(0.999));
    }

    fn row(index: u64, winner: Option<usize>) -> GameRow {
        GameRow {
            index,
            seed: index,
            winner,
            winners: winner.map(|w| vec![w as u8]).unwrap_or_default(),
            first: Some(0),
            length: 10 + index,
            ending: if winner.is_some() { "won".into() } else { "draw".into() },
            returns: vec![0.0, 0.0],
            error: None,
        }
    }

    #[test]
    fn a_summary_counts_sides_seats_first_movers_and_draws() {
        let games: Vec<GameRow> = (0..10).map(|i| row(i, [Some(0), Some(1), None][i as usize % 3])).collect();
        let s = Summary::of(&games, 2, 2);
        assert_eq!((s.games, s.side_wins.clone(), s.draws), (10, vec![4, 3], 3));
        assert_eq!(s.first_wins, 4);
        assert_eq!(s.endings["draw"], 3);
        assert_eq!(s.running.last().map(|r| r.0), Some(10));
        assert!((s.mean_length - 14.5).abs() < 1e-12);
        // 400 games at a rate of one half: the 95% half-width is about 0.049.
        let many: Vec<GameRow> = (0..400).map(|i| row(i, Some(i as usize % 2))).collect();
        let h = widest_half(&many, 2, z_for(0.95));
        assert!((h - 0.0487).abs() < 1e-3, "{h}");
    }
}
