//! Statistics for simulation summaries: Wilson score intervals and means.

use serde::{Deserialize, Serialize};

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Proportion {
    /// Successes over trials.
    pub rate: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
}

/// The 95% Wilson score interval for `successes` out of `trials`.
///
/// With no trials the rate is 0 and the interval is the whole of `[0, 1]`.
pub fn wilson(successes: u64, trials: u64) -> Proportion {
    wilson_rate(if trials == 0 { 0.0 } else { successes as f64 / trials as f64 }, trials)
}

/// The 95% Wilson score interval for an observed rate over `trials`, for
/// scores that are not whole successes (a draw counted as half a win). With
/// draws the true variance is smaller, so this interval is conservative.
pub fn wilson_rate(rate: f64, trials: u64) -> Proportion {
    wilson_z(rate, trials, 1.959_963_984_540_054)
}

/// The Wilson score interval for an observed rate over `trials` with `z`
/// standard errors (1.96 for 95%, 2.576 for 99%): what a precision target
/// at another confidence level asks for.
pub fn wilson_z(rate: f64, trials: u64, z: f64) -> Proportion {
    if trials == 0 {
        return Proportion { rate: 0.0, low: 0.0, high: 1.0 };
    }
    let n = trials as f64;
    let p = rate.clamp(0.0, 1.0);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Proportion { rate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
}

/// A mean with its 95% confidence interval (normal approximation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mean {
    /// The sample mean.
    pub mean: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
}

/// The mean of `values` with its 95% interval, mean ± 1.96 standard errors
/// (an empty sample gives 0 with an empty interval).
pub fn mean_interval(values: &[f64]) -> Mean {
    let n = values.len() as f64;
    if values.is_empty() {
        return Mean { mean: 0.0, low: 0.0, high: 0.0 };
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = 1.96 * (var / n).sqrt();
    Mean { mean, low: mean - half, high: mean + half }
}

#[cfg(test)]
mod tests {
    #[test]
    fn means_have_an_interval_that_narrows_with_the_sample() {
        let m = super::mean_interval(&[1.0, -1.0, 1.0, -1.0]);
        assert_eq!(m.mean, 0.0);
        assert!(m.low < 0.0 && m.high > 0.0);
        let many: Vec<f64> = (0..400).map(|i| if i % 2 == 0 { 1.0 } else { -1.0 }).collect();
        let wide = m.high - m.low;
        let m2 = super::mean_interval(&many);
        assert!(m2.high - m2.low < wide / 5.0);
        assert_eq!(super::mean_interval(&[]).mean, 0.0);
    }

    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), example: 81 of 263 gives 0.2553 to 0.3662.
        let p = wilson(81, 263);
        assert!((p.low - 0.2553).abs() < 1e-4, "{p:?}");
        assert!((p.high - 0.3662).abs() < 1e-4, "{p:?}");
        // All successes: the upper bound is 1, the lower bound below it.
        let p = wilson(10, 10);
        assert!((p.high - 1.0).abs() < 1e-12, "{p:?}");
        assert!((p.low - 0.7225).abs() < 1e-4, "{p:?}");
        assert_eq!(wilson(0, 0).high, 1.0);
        // Half points: 5 wins and 10 draws of 20 is a rate of 0.5.
        assert_eq!(wilson_rate(0.5, 20), wilson(10, 20));
    }
}
