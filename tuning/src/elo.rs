//! Match statistics: score, logistic Elo difference and its 95% error bar.
//!
//! The Elo difference of a score `s` (points per game, a draw being half a point) is the
//! logistic one, `-400 log10(1/s - 1)`. The error bar comes from the per-game score
//! variance of the trinomial (win, draw, loss) sample: the standard error of the mean
//! score is `sqrt(var / n)`, the 95% interval on the score is `s ± 1.96 se`, and its ends
//! are converted to Elo (so the Elo interval is asymmetric far from 50%).
//!
//! A perfect (or a zero) score has no finite Elo: it is reported as a one-sided bound, the
//! Elo of the score `p` at which `n` straight wins have a 5% chance (`p^n = 0.05`).
//!
//! ```
//! use tengen_tuning::elo::{Elo, Tally};
//! let t = Tally { wins: 30, draws: 10, losses: 10 };
//! assert!((t.score() - 0.7).abs() < 1e-12);
//! match t.elo() {
//!     Elo::Estimate { elo, lower, upper } => assert!(lower < elo && elo < upper && elo > 140.0),
//!     other => panic!("{other:?}"),
//! }
//! ```

use std::fmt;

/// 97.5% quantile of the standard normal distribution (two-sided 95%).
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one player (engine 1 in a match).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The Elo difference a match result supports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elo {
    /// No games were played.
    NoGames,
    /// A finite estimate with its 95% interval `lower..=upper`.
    Estimate { elo: f64, lower: f64, upper: f64 },
    /// Every game won: the difference is at least this (95% one-sided).
    AtLeast(f64),
    /// Every game lost: the difference is at most this (95% one-sided).
    AtMost(f64),
}

/// The logistic Elo difference of an expected score `score` in `(0, 1)`.
///
/// ```
/// use tengen_tuning::elo::elo_from_score;
/// assert!(elo_from_score(0.5).abs() < 1e-9);
/// assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
/// ```
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a player `elo` points stronger (the inverse of [`elo_from_score`]).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game: `points` is 1 (win), 0.5 (draw) or 0 (loss).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Mean points per game (0.5 when no games were played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// Standard error of the mean score, from the per-game (trinomial) variance.
    pub fn score_std_error(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        (variance / n).sqrt()
    }

    /// The Elo difference with its 95% interval (see the module documentation).
    pub fn elo(&self) -> Elo {
        let n = self.games();
        if n == 0 {
            return Elo::NoGames;
        }
        // One-sided 95% bound of a perfect score: p^n = 0.05.
        let perfect_bound = || elo_from_score(0.05f64.powf(1.0 / f64::from(n)));
        if self.wins == n {
            return Elo::AtLeast(perfect_bound());
        }
        if self.losses == n {
            return Elo::AtMost(-perfect_bound());
        }
        let s = self.score();
        let margin = Z95 * self.score_std_error();
        // Keep the interval's ends inside (0, 1); the smallest non-perfect score is
        // 0.5 / n away from a perfect one, so the clamp never crosses the estimate.
        let eps = 0.25 / f64::from(n);
        let clamp = |x: f64| x.clamp(eps, 1.0 - eps);
        Elo::Estimate {
            elo: elo_from_score(s),
            lower: elo_from_score(clamp(s - margin)),
            upper: elo_from_score(clamp(s + margin)),
        }
    }

    /// Likelihood of superiority: the probability that engine 1 is the stronger, from
    /// wins and losses (draws carry no information), by the normal approximation.
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        let diff = f64::from(self.wins) - f64::from(self.losses);
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }
}

impl fmt::Display for Elo {
    /// `+35.2 ± 40.1 (95%: -4.9 .. +75.3)`, `>= +120.4 (95%, all games won)`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Elo::NoGames => f.write_str("n/a (no games)"),
            Elo::Estimate { elo, lower, upper } => write!(
                f,
                "{elo:+.1} ± {:.1} (95%: {lower:+.1} .. {upper:+.1})",
                (upper - lower) / 2.0
            ),
            Elo::AtLeast(bound) => write!(f, ">= {bound:+.1} (95%, every game won)"),
            Elo::AtMost(bound) => write!(f, "<= {bound:+.1} (95%, every game lost)"),
        }
    }
}

/// The error function, Abramowitz–Stegun 7.1.26 (absolute error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn estimate(t: Tally) -> (f64, f64, f64) {
        match t.elo() {
            Elo::Estimate { elo, lower, upper } => (elo, lower, upper),
            other => panic!("expected an estimate, got {other:?}"),
        }
    }

    #[test]
    fn even_score_is_zero_elo() {
        let (elo, lower, upper) = estimate(tally(10, 5, 10));
        assert!(elo.abs() < 1e-9);
        assert!((lower + upper).abs() < 1e-6, "symmetric at 50%");
        assert!(lower < 0.0 && upper > 0.0);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let (elo, lower, upper) = estimate(tally(75, 0, 25));
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        assert!(lower < elo && elo < upper);
        // Draws count half: 50 wins, 50 draws is also 75%.
        assert!((estimate(tally(50, 50, 0)).0 - elo).abs() < 1e-9);
        assert!((elo_from_score(score_from_elo(123.0)) - 123.0).abs() < 1e-9);
    }

    #[test]
    fn error_bar_shrinks_with_more_games() {
        let width = |k: u32| {
            let (_, lower, upper) = estimate(tally(6 * k, 2 * k, 4 * k));
            upper - lower
        };
        assert!(width(1) > width(4));
        assert!(width(4) > width(16));
        // Roughly 1/sqrt(n): four times the games, half the width.
        let ratio = width(16) / width(64);
        assert!((ratio - 2.0).abs() < 0.2, "{ratio}");
    }

    #[test]
    fn perfect_scores_are_finite_bounds() {
        match tally(10, 0, 0).elo() {
            Elo::AtLeast(b) => assert!(b.is_finite() && b > 0.0),
            other => panic!("{other:?}"),
        }
        match tally(0, 0, 10).elo() {
            Elo::AtMost(b) => assert!(b.is_finite() && b < 0.0),
            other => panic!("{other:?}"),
        }
        // More straight wins, a higher lower bound.
        let bound = |n| match tally(n, 0, 0).elo() {
            Elo::AtLeast(b) => b,
            other => panic!("{other:?}"),
        };
        assert!(bound(40) > bound(10));
        assert_eq!(Tally::default().elo(), Elo::NoGames);
        assert_eq!(Tally::default().score(), 0.5);
    }

    #[test]
    fn nearly_perfect_scores_stay_finite() {
        for t in [
            tally(9, 1, 0),
            tally(1, 1, 0),
            tally(19, 0, 1),
            tally(0, 1, 9),
        ] {
            let (elo, lower, upper) = estimate(t);
            assert!(
                elo.is_finite() && lower.is_finite() && upper.is_finite(),
                "{t:?}"
            );
            assert!(lower <= elo && elo <= upper, "{t:?}");
        }
        // All draws: zero Elo, zero variance.
        let (elo, lower, upper) = estimate(tally(0, 8, 0));
        assert!(elo.abs() < 1e-9 && lower.abs() < 1e-9 && upper.abs() < 1e-9);
    }

    #[test]
    fn tally_add_and_los() {
        let mut t = Tally::default();
        for p in [1.0, 0.5, 0.0, 1.0] {
            t.add(p);
        }
        assert_eq!(t, tally(2, 1, 1));
        assert!((tally(5, 3, 5).los() - 0.5).abs() < 1e-9);
        assert!(tally(30, 0, 10).los() > 0.99);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-1.0) + 0.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn display_formats() {
        assert!(tally(3, 0, 1).elo().to_string().contains('±'));
        assert!(tally(3, 0, 0).elo().to_string().starts_with(">="));
        assert!(tally(0, 0, 3).elo().to_string().starts_with("<="));
    }
}
