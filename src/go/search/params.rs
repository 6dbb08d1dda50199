//! The constants of the tree search worth tuning, as named parameters.

use crate::core::{Param, Tunable};

/// How the tree weighs what it knows: the prior, RAVE and exploration.
///
/// ```
/// use tengen::core::Tunable;
/// use tengen::go::search::MctsParams;
/// let mut p = MctsParams::default();
/// p.set("exploration", 0.3).unwrap();
/// assert_eq!(p.get("exploration"), Some(0.3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// A new node's prior counts as this many playouts (more than 0: a node without
    /// playouts takes its win rate from the prior alone).
    pub prior_visits: f64,
    /// RAVE's weight halves after about this many playouts of a node (Gelly and
    /// Silver's schedule).
    pub rave_equivalence: f64,
    /// The weight of UCT's exploration term.
    pub exploration: f64,
    /// The prior of a quiet move from the learned patterns ([`patterns`](super::patterns)):
    /// `0.5 + pattern_prior * ln(share * moves)`, its share of the moves' summed gammas
    /// against a uniform share, within 0.05..=0.95. 0 keeps the hand-written prior.
    pub pattern_prior: f64,
    /// The weight of a PUCT-style policy term in a move's value,
    /// `policy_weight * p * sqrt(parent's playouts) / (1 + playouts)`, with `p` the move's
    /// learned probability: its gamma over the summed gammas of its siblings. The win-rate
    /// prior of `pattern_prior` is clamped, so it rates alike every move well above a
    /// uniform share; on 19x19, with 361 moves and few playouts each, the tree then spreads
    /// its playouts over them instead of trying the likeliest first. This term ranks them
    /// by their probability and fades as a move gets playouts. 0 leaves it out.
    pub policy_weight: f64,
    /// The weight of the score in a move's value, beside its win rate: the mean final lead
    /// against the root's, as `score_utility * tanh(difference / (score_scale * side))`
    /// with `side` the board's side length. It keeps a player who is sure to win (or to
    /// lose) from giving points away, which a win rate alone cannot see. 0: win rate only.
    pub score_utility: f64,
    /// The lead difference, in points per line of the board's side, at which the score
    /// term reaches about three quarters of its weight.
    pub score_scale: f64,
}

impl MctsParams {
    /// The values the engine plays with.
    pub const DEFAULT: MctsParams = MctsParams {
        prior_visits: 10.0,
        rave_equivalence: 1500.0,
        exploration: 0.1,
        pattern_prior: 0.15,
        policy_weight: 0.6,
        score_utility: 0.1,
        score_scale: 1.0,
    };
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams::DEFAULT
    }
}

impl Tunable for MctsParams {
    type Value = f64;

    const PARAMS: &'static [Param<MctsParams, f64>] = &[
        Param::new("prior_visits", |p| &mut p.prior_visits, 0.5..=1000.0),
        Param::new("rave_equivalence", |p| &mut p.rave_equivalence, 1.0..=1e6),
        Param::new("exploration", |p| &mut p.exploration, 0.0..=10.0),
        Param::new("pattern_prior", |p| &mut p.pattern_prior, 0.0..=1.0),
        Param::new("policy_weight", |p| &mut p.policy_weight, 0.0..=100.0),
        Param::new("score_utility", |p| &mut p.score_utility, 0.0..=1.0),
        Param::new("score_scale", |p| &mut p.score_scale, 0.01..=100.0),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_names_its_own_field_and_non_numbers_are_refused() {
        for &(name, value) in &MctsParams::DEFAULT.params() {
            let mut p = MctsParams::DEFAULT;
            p.set(name, value + 0.5).unwrap();
            let changed: Vec<_> = p
                .params()
                .into_iter()
                .filter(|&(n, v)| MctsParams::DEFAULT.get(n) != Some(v))
                .collect();
            assert_eq!(changed, [(name, value + 0.5)]);
        }
        let mut p = MctsParams::DEFAULT;
        for bad in ["NaN", "inf", "-0.1", "x"] {
            assert!(p.set_text("exploration", bad).is_err(), "{bad}");
        }
        assert!(p.set_text("rave_equivalence", "0").is_err());
        assert_eq!(p, MctsParams::DEFAULT);
    }
}
