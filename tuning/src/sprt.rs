//! The sequential probability ratio test: stop a match as soon as its result says, with
//! error rates `alpha` and `beta`, whether engine 1 is `elo0` or `elo1` (logistic) Elo
//! stronger than engine 2.
//!
//! # The test
//!
//! The hypotheses are on the expected score per game: H0 `s = s0`, H1 `s = s1`, where
//! `s0`, `s1` are the scores of `elo0` and `elo1` (`s = 1 / (1 + 10^(-elo/400))`). The
//! games' results (1, ½, 0) are a trinomial sample whose draw rate is unknown, so the test
//! is the generalised SPRT: for each hypothesis the likelihood of the observed wins,
//! draws and losses is maximised over every trinomial distribution `(pw, pd, pl)` with
//! mean `s`, and
//!
//! ```text
//! LLR = sum over outcomes i of n_i ln(p1_i / p0_i)
//! ```
//!
//! The constrained maximum has the closed form `p_i = f_i / (1 + λ (a_i - s))` (`f_i` the
//! observed frequency of outcome `i`, `a_i` its score), where `λ` is the root of
//! `Σ f_i (a_i - s) / (1 + λ (a_i - s)) = 0`; that function falls strictly in `λ`, so
//! bisection finds it. (For many games this is close to fishtest's normal approximation
//! `N/2 (s1 - s0)(2 mean - s0 - s1) / var`, which however fails when the variance is 0.)
//!
//! Every outcome gets a pseudo-count of [`PRIOR`] (a thousandth of a game), so that all
//! draws, all wins or all losses still give a finite LLR; with no games the LLR is 0.
//!
//! The test stops at the first game after which `LLR <= ln(beta / (1 - alpha))` (H0
//! accepted) or `LLR >= ln((1 - beta) / alpha)` (H1 accepted); ±2.94 for
//! `alpha = beta = 0.05`.
//!
//! Games are counted one by one (trinomial), not in colour-swapped pairs (pentanomial):
//! when the opening or the colour favours one side, the two games of a pair tend to
//! cancel out, so the per-game variance overstates that of the score and the test is
//! conservative (it needs more games than a pentanomial one; its error rates are no
//! worse).
//!
//! ```
//! use tengen_tuning::elo::Tally;
//! use tengen_tuning::sprt::{Decision, Sprt};
//! let sprt: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
//! let status = sprt.status(&Tally { wins: 500, draws: 100, losses: 300 });
//! assert_eq!(status.decision, Decision::AcceptH1);
//! assert_eq!(status.to_string(), format!("LLR {:.2} (-2.94, 2.94)", status.llr));
//! ```

use crate::elo::{score_from_elo, Tally};
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// Pseudo-count added to every outcome (win, draw, loss) before the likelihoods are
/// maximised: keeps them finite when an outcome was never seen.
pub const PRIOR: f64 = 1e-3;

/// The scores of a win, a draw and a loss: the support of the trinomial.
const OUTCOME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The parameters of an SPRT: H0 `elo = elo0` against H1 `elo = elo1` (logistic Elo of
/// engine 1 over engine 2), false positive rate `alpha`, false negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// Why SPRT parameters were refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// A `key=value` item without `=`.
    NotKeyValue(String),
    /// A key other than `elo0`, `elo1`, `alpha`, `beta`.
    UnknownKey(String),
    /// A key given twice.
    Repeated(String),
    /// A value that is no finite number.
    NotANumber { key: String, value: String },
    /// `elo0` or `elo1` missing.
    Missing(&'static str),
    /// `elo0` not below `elo1`.
    EloOrder { elo0: f64, elo1: f64 },
    /// An Elo value so large its expected score is 0 or 1 in floating point.
    EloTooLarge(f64),
    /// `alpha` or `beta` outside (0, 1), or `alpha + beta >= 1`.
    ErrorRates { alpha: f64, beta: f64 },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::NotKeyValue(item) => {
                write!(
                    f,
                    "{item:?} is not key=value (expected e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05)"
                )
            }
            SprtError::UnknownKey(key) => {
                write!(f, "unknown key {key:?} (expected elo0, elo1, alpha, beta)")
            }
            SprtError::Repeated(key) => write!(f, "{key} is given twice"),
            SprtError::NotANumber { key, value } => {
                write!(f, "{key}={value}: not a finite number")
            }
            SprtError::Missing(key) => write!(f, "{key} is missing"),
            SprtError::EloOrder { elo0, elo1 } => {
                write!(f, "elo0 ({elo0}) must be below elo1 ({elo1})")
            }
            SprtError::EloTooLarge(elo) => write!(f, "Elo {elo} is out of range (|elo| <= 2000)"),
            SprtError::ErrorRates { alpha, beta } => write!(
                f,
                "alpha ({alpha}) and beta ({beta}) must lie in (0, 1) with alpha + beta < 1"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

/// Largest |elo| accepted: its expected score is still far from 0 and 1 in `f64`.
const MAX_ELO: f64 = 2000.0;

/// What the test concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR reached the lower bound: engine 1 is (about) `elo0` stronger, not `elo1`.
    AcceptH0,
    /// The LLR reached the upper bound: engine 1 is (about) `elo1` stronger.
    AcceptH1,
    /// Neither bound reached: more games are needed.
    Continue,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::AcceptH0 => "H0 accepted",
            Decision::AcceptH1 => "H1 accepted",
            Decision::Continue => "no decision",
        })
    }
}

/// The test's state after some games: the LLR, the bounds and the decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: Decision,
}

impl fmt::Display for SprtStatus {
    /// `LLR 1.23 (-2.94, 2.94)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2})",
            self.llr, self.lower, self.upper
        )
    }
}

impl Sprt {
    /// The test of H0 `elo0` against H1 `elo1` with error rates `alpha` (accepting H1
    /// when H0 holds) and `beta` (accepting H0 when H1 holds).
    ///
    /// ```
    /// use tengen_tuning::sprt::Sprt;
    /// assert!(Sprt::new(0.0, 10.0, 0.05, 0.05).is_ok());
    /// assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
    /// ```
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        for elo in [elo0, elo1] {
            if elo.is_nan() || elo.abs() > MAX_ELO {
                return Err(SprtError::EloTooLarge(elo));
            }
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        let rate = |p: f64| p > 0.0 && p < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`: below the first H0
    /// is accepted, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `tally` (see the module
    /// documentation); 0 without games.
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let counts = [tally.wins, tally.draws, tally.losses].map(|n| f64::from(n) + PRIOR);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        trinomial_llr(counts, s0, s1)
    }

    /// The LLR, the bounds and the decision for `tally`.
    pub fn status(&self, tally: &Tally) -> SprtStatus {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Decision::AcceptH1
        } else if llr <= lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        };
        SprtStatus {
            llr,
            lower,
            upper,
            decision,
        }
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05`, in any order; `alpha` and `beta` default to
    /// 0.05.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let mut values: [Option<f64>; 4] = [None; 4];
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(item.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            let slot = KEYS
                .iter()
                .position(|&k| k == key)
                .ok_or_else(|| SprtError::UnknownKey(key.to_string()))?;
            let number = value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    key: key.to_string(),
                    value: value.to_string(),
                })?;
            if values[slot].replace(number).is_some() {
                return Err(SprtError::Repeated(key.to_string()));
            }
        }
        let [elo0, elo1, alpha, beta] = values;
        Sprt::new(
            elo0.ok_or(SprtError::Missing("elo0"))?,
            elo1.ok_or(SprtError::Missing("elo1"))?,
            alpha.unwrap_or(0.05),
            beta.unwrap_or(0.05),
        )
    }
}

/// The LLR of mean `s1` against mean `s0` for outcome counts `counts` (all positive) of
/// the scores [`OUTCOME_SCORES`], each likelihood maximised over the distributions with
/// that mean.
fn trinomial_llr(counts: [f64; 3], s0: f64, s1: f64) -> f64 {
    let log_p0 = max_likelihood_at_mean(counts, s0);
    let log_p1 = max_likelihood_at_mean(counts, s1);
    (0..3).map(|i| counts[i] * (log_p1[i] - log_p0[i])).sum()
}

/// The logarithms of the probabilities that maximise the likelihood of `counts` (all
/// positive) among the distributions over [`OUTCOME_SCORES`] with mean `s` in (0, 1):
/// `p_i = f_i / (1 + λ d_i)` with `d_i = a_i - s` and `λ` the root of
/// `g(λ) = Σ f_i d_i / (1 + λ d_i)`.
fn max_likelihood_at_mean(counts: [f64; 3], s: f64) -> [f64; 3] {
    let total: f64 = counts.iter().sum();
    let f = counts.map(|c| c / total);
    let d = OUTCOME_SCORES.map(|a| a - s);
    let g = |lambda: f64| -> f64 { (0..3).map(|i| f[i] * d[i] / (1.0 + lambda * d[i])).sum() };
    // Every 1 + λ d_i must stay positive: λ in (-1 / (1 - s), 1 / s), where g falls
    // from +∞ to -∞ (the win's d is 1 - s > 0, the loss's -s < 0).
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    // Bisection to the last representable midpoint; g(low) > 0 > g(high) throughout.
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if g(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let lambda = 0.5 * (low + high);
    std::array::from_fn(|i| f[i].ln() - (1.0 + lambda * d[i]).ln())
}

/// An SPRT followed game by game: the first decision is kept (games that were already
/// running when it came still count, but cannot undo it).
///
/// ```
/// use tengen_tuning::elo::Tally;
/// use tengen_tuning::sprt::{Sprt, SprtProgress};
/// let mut progress = SprtProgress::new("elo0=0,elo1=400".parse::<Sprt>().unwrap());
/// let mut tally = Tally::default();
/// let mut games = 0;
/// while progress.update(&tally).is_continue() {
///     tally.add(1.0);
///     games += 1;
/// }
/// assert!(games < 10, "{}", progress.report(&tally));
/// ```
#[derive(Clone, Debug)]
pub struct SprtProgress {
    sprt: Sprt,
    /// The games and the status when a bound was first reached.
    decided: Option<(u32, SprtStatus)>,
}

/// The end of a match runner's progress line: engine 1's name, tally and score, and the
/// SPRT's status when one runs.
///
/// ```
/// use tengen_tuning::elo::Tally;
/// use tengen_tuning::sprt::progress_tail;
/// let tally = Tally { wins: 3, draws: 1, losses: 2 };
/// assert_eq!(progress_tail("tengen", &tally, None), "| tengen +3 =1 -2 (58.3%)");
/// ```
pub fn progress_tail(name: &str, tally: &Tally, sprt: Option<&SprtProgress>) -> String {
    let status = sprt.map_or(String::new(), |s| format!(" {}", s.status(tally)));
    format!(
        "| {name} +{} ={} -{} ({:.1}%){status}",
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score()
    )
}

impl SprtProgress {
    /// The test before any game.
    pub fn new(sprt: Sprt) -> SprtProgress {
        SprtProgress {
            sprt,
            decided: None,
        }
    }

    /// Takes the tally after a game: `Break` once a bound has been reached (at this game
    /// or before), `Continue` while more games are needed.
    pub fn update(&mut self, tally: &Tally) -> ControlFlow<()> {
        if self.decided.is_none() {
            let status = self.sprt.status(tally);
            if status.decision != Decision::Continue {
                self.decided = Some((tally.games(), status));
            }
        }
        match self.decided {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }

    /// The decision taken, if any.
    pub fn decision(&self) -> Decision {
        self.decided
            .map_or(Decision::Continue, |(_, status)| status.decision)
    }

    /// The status of `tally`, for progress lines: `LLR 1.23 (-2.94, 2.94)`.
    pub fn status(&self, tally: &Tally) -> SprtStatus {
        self.sprt.status(tally)
    }

    /// The final report line for the match's `tally`: the decision, at which game, with
    /// its LLR and bounds (and the LLR of all games, if more finished after it).
    pub fn report(&self, tally: &Tally) -> String {
        let mut line = format!("SPRT {}: ", self.sprt);
        let now = self.sprt.status(tally);
        match self.decided {
            Some((games, status)) => {
                line.push_str(&format!(
                    "{} after {games} games, {status}",
                    status.decision
                ));
                if tally.games() != games {
                    line.push_str(&format!("; with all {} games: {now}", tally.games()));
                }
            }
            None => line.push_str(&format!("no decision after {} games, {now}", tally.games())),
        }
        line.push('\n');
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::score_from_elo;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    /// The largest log-likelihood of `counts` (wins, draws, losses) among the trinomial
    /// distributions with mean score `s`, by brute force: such a distribution is fixed by
    /// its draw rate `pd` (then `pw = s - pd/2`, `pl = 1 - s - pd/2`), so scan `pd` over
    /// its whole range on a fine grid and keep the best.
    fn reference_log_likelihood(counts: [f64; 3], s: f64) -> f64 {
        let top = 2.0 * s.min(1.0 - s);
        let steps = 200_000;
        (1..steps)
            .map(|k| {
                let pd = top * f64::from(k) / f64::from(steps);
                let (pw, pl) = (s - pd / 2.0, 1.0 - s - pd / 2.0);
                counts[0] * pw.ln() + counts[1] * pd.ln() + counts[2] * pl.ln()
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn reference_llr(t: Tally, elo0: f64, elo1: f64) -> f64 {
        let counts = [t.wins, t.draws, t.losses].map(|n| f64::from(n) + PRIOR);
        reference_log_likelihood(counts, score_from_elo(elo1))
            - reference_log_likelihood(counts, score_from_elo(elo0))
    }

    #[test]
    fn llr_matches_a_brute_force_maximum_likelihood() {
        for (t, elo0, elo1) in [
            (tally(60, 20, 40), 0.0, 10.0),
            (tally(40, 20, 60), 0.0, 10.0),
            (tally(120, 300, 110), 0.0, 5.0),
            (tally(7, 1, 3), -20.0, 30.0),
            (tally(1000, 100, 900), 0.0, 20.0),
            (tally(3, 50, 0), 0.0, 50.0),
        ] {
            let ours = sprt(elo0, elo1).llr(&t);
            let reference = reference_llr(t, elo0, elo1);
            assert!(
                (ours - reference).abs() < 1e-4,
                "{t:?} [{elo0}, {elo1}]: {ours} vs {reference}"
            );
        }
    }

    #[test]
    fn llr_matches_values_computed_elsewhere() {
        // The same maximisation by a grid search over the draw rate in Python (400 000
        // steps, pseudo-counts included), for elo0 = 0, elo1 = 10.
        for (t, expected) in [
            (tally(60, 20, 40), 0.631_486),
            (tally(300, 120, 180), 4.010_201),
        ] {
            let llr = sprt(0.0, 10.0).llr(&t);
            assert!((llr - expected).abs() < 1e-5, "{t:?}: {llr}");
        }
    }

    #[test]
    fn llr_without_draws_is_the_binomial_one() {
        // With no draws the best draw rate is 0 under either hypothesis, so the LLR is
        // W ln(s1/s0) + L ln((1-s1)/(1-s0)). By hand for elo0 = 0, elo1 = 10:
        // s0 = 0.5, s1 = 1 / (1 + 10^(-1/40)) = 0.514387, so for 60 wins, 40 losses
        // 60 ln(1.028774) + 40 ln(0.971226) = 1.70209 - 1.16786 = 0.53423.
        let llr = sprt(0.0, 10.0).llr(&tally(60, 0, 40));
        // The pseudo-counts move it a little.
        assert!((llr - 0.534_23).abs() < 2e-3, "{llr}");
        // And 100 straight wins: 100 ln(1.028774) = 2.83682.
        let llr = sprt(0.0, 10.0).llr(&tally(100, 0, 0));
        assert!((llr - 2.836_82).abs() < 2e-3, "{llr}");
    }

    #[test]
    fn llr_is_near_the_normal_approximation_for_many_games() {
        // N/2 (s1 - s0)(2 mean - s0 - s1) / var, computed here from the tally.
        let t = tally(2100, 4000, 1900);
        let n = f64::from(t.games());
        let mean = t.score();
        let var =
            (2100.0 * (1.0 - mean).powi(2) + 4000.0 * (0.5 - mean).powi(2) + 1900.0 * mean.powi(2))
                / n;
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        let normal = n / 2.0 * (s1 - s0) * (2.0 * mean - s0 - s1) / var;
        let llr = sprt(0.0, 10.0).llr(&t);
        assert!(
            (llr - normal).abs() < 0.02 * normal.abs(),
            "{llr} vs {normal}"
        );
    }

    #[test]
    fn bounds_for_five_percent_errors() {
        let (lower, upper) = sprt(0.0, 10.0).bounds();
        // ln(0.05 / 0.95) = -2.944439.
        assert!((lower + 2.944_439).abs() < 1e-6, "{lower}");
        assert!((upper - 2.944_439).abs() < 1e-6, "{upper}");
        let (lower, upper) = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap().bounds();
        // ln(0.1 / 0.95) = -2.251292, ln(0.9 / 0.05) = 2.890372.
        assert!((lower + 2.251_292).abs() < 1e-6 && (upper - 2.890_372).abs() < 1e-6);
    }

    #[test]
    fn decisions() {
        let test = sprt(0.0, 10.0);
        assert_eq!(test.status(&tally(0, 0, 0)).decision, Decision::Continue);
        assert_eq!(test.status(&tally(10, 5, 10)).decision, Decision::Continue);
        // A 60% score over 600 games is far above 10 Elo; 40% far below 0.
        assert_eq!(
            test.status(&tally(300, 120, 180)).decision,
            Decision::AcceptH1
        );
        assert_eq!(
            test.status(&tally(180, 120, 300)).decision,
            Decision::AcceptH0
        );
        // An even score over many games is H0's (0 Elo), not H1's.
        assert_eq!(
            test.status(&tally(4000, 2000, 4000)).decision,
            Decision::AcceptH0
        );
        // Shifting the hypotheses below the truth accepts H1 for the same games.
        assert_eq!(
            sprt(-20.0, -10.0).status(&tally(4000, 2000, 4000)).decision,
            Decision::AcceptH1
        );
        let status = test.status(&tally(300, 120, 180));
        assert!(status.llr >= status.upper);
        assert_eq!(
            status.to_string(),
            format!("LLR {:.2} (-2.94, 2.94)", status.llr)
        );
    }

    #[test]
    fn degenerate_tallies_stay_finite() {
        let test = sprt(0.0, 10.0);
        assert_eq!(test.llr(&tally(0, 0, 0)), 0.0);
        for t in [
            tally(0, 1, 0),
            tally(0, 1000, 0),
            tally(1, 0, 0),
            tally(1000, 0, 0),
            tally(0, 0, 1000),
            tally(5000, 0, 0),
        ] {
            let llr = test.llr(&t);
            assert!(llr.is_finite(), "{t:?}: {llr}");
        }
        // All draws is evidence for 0 Elo: H0; all wins for H1; all losses for H0.
        assert_eq!(test.status(&tally(0, 1000, 0)).decision, Decision::AcceptH0);
        assert_eq!(test.status(&tally(200, 0, 0)).decision, Decision::AcceptH1);
        assert_eq!(test.status(&tally(0, 0, 200)).decision, Decision::AcceptH0);
        // A one-sided tally grows the LLR with the games.
        assert!(test.llr(&tally(20, 0, 0)) > test.llr(&tally(10, 0, 0)));
        assert!(test.llr(&tally(0, 20, 0)) < test.llr(&tally(0, 10, 0)));
        // Extreme hypotheses, extreme tallies.
        let wide = sprt(-2000.0, 2000.0);
        for t in [tally(0, 0, 1), tally(100_000, 0, 0), tally(0, 100_000, 0)] {
            assert!(wide.llr(&t).is_finite(), "{t:?}");
        }
    }

    #[test]
    fn parsing() {
        let s: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.1".parse().unwrap();
        assert_eq!(s, Sprt::new(0.0, 10.0, 0.05, 0.1).unwrap());
        let s: Sprt = " elo1 = 5 , elo0=-5 ".parse().unwrap();
        assert_eq!(s, Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap());
        assert_eq!(s.to_string(), "elo0=-5 elo1=5 alpha=0.05 beta=0.05");
        let err = |text: &str| text.parse::<Sprt>().unwrap_err();
        assert_eq!(err("elo0=0"), SprtError::Missing("elo1"));
        assert_eq!(err("elo1=0"), SprtError::Missing("elo0"));
        assert_eq!(
            err("elo0=10,elo1=0"),
            SprtError::EloOrder {
                elo0: 10.0,
                elo1: 0.0
            }
        );
        assert!(matches!(err("elo0=5,elo1=5"), SprtError::EloOrder { .. }));
        assert!(matches!(err("elo0=0,elo1=x"), SprtError::NotANumber { .. }));
        assert!(matches!(
            err("elo0=0,elo1=inf"),
            SprtError::NotANumber { .. }
        ));
        assert_eq!(
            err("elo0=0,elo1=1,gamma=3"),
            SprtError::UnknownKey("gamma".into())
        );
        assert_eq!(err("elo0=0,elo1"), SprtError::NotKeyValue("elo1".into()));
        assert_eq!(err("elo0=0,elo0=1"), SprtError::Repeated("elo0".into()));
        assert!(matches!(
            err("elo0=0,elo1=10,alpha=0"),
            SprtError::ErrorRates { .. }
        ));
        assert!(matches!(
            err("elo0=0,elo1=10,alpha=0.6,beta=0.5"),
            SprtError::ErrorRates { .. }
        ));
        assert!(matches!(err("elo0=0,elo1=3000"), SprtError::EloTooLarge(_)));
        assert!(err("elo0=10,elo1=0").to_string().contains("below"));
    }

    #[test]
    fn progress_keeps_the_first_decision() {
        let mut progress = SprtProgress::new(sprt(0.0, 200.0));
        let mut t = Tally::default();
        assert!(progress.update(&t).is_continue());
        let mut wins = 0;
        while progress.update(&t).is_continue() {
            t.add(1.0);
            wins += 1;
            assert!(wins < 100);
        }
        assert_eq!(progress.decision(), Decision::AcceptH1);
        // ln(s1 / s0) = ln(0.7597 / 0.5) = 0.4184 a win: 8 wins reach 2.944.
        assert_eq!(wins, 8);
        let report = progress.report(&t);
        assert!(
            report.contains("H1 accepted after 8 games, LLR"),
            "{report}"
        );
        // A loss finished after the decision counts but does not undo it.
        t.add(0.0);
        assert!(progress.update(&t).is_break());
        assert_eq!(progress.decision(), Decision::AcceptH1);
        let report = progress.report(&t);
        assert!(report.contains("; with all 9 games: LLR"), "{report}");
        let fresh = SprtProgress::new(sprt(0.0, 200.0));
        assert!(fresh
            .report(&tally(1, 0, 1))
            .contains("no decision after 2 games, LLR"));
    }
}
