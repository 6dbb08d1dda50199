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
}

impl MctsParams {
    /// The values the engine plays with.
    pub const DEFAULT: MctsParams = MctsParams {
        prior_visits: 10.0,
        rave_equivalence: 1500.0,
        exploration: 0.1,
        pattern_prior: 0.15,
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
