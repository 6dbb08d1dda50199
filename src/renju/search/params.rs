//! The alpha-beta search's pruning and ordering constants, as one [`Tunable`] value so
//! that `tuning/` can tune them (`--param futility_margin=80`), and the tables the search
//! derives from them once per search.

use super::eval::Weights;
use crate::core::{Param, ParamError, Tunable};

/// Depths the derived tables cover (deeper nodes use the last row).
const TABLE_DEPTHS: usize = 64;

/// How hard the alpha-beta search prunes and reduces, and how it orders moves.
///
/// Slopes and offsets are in tenths of a move, LMR constants in hundredths of a ply.
///
/// ```
/// use tengen::core::Tunable;
/// use tengen::renju::search::SearchParams;
/// let mut p = SearchParams::DEFAULT;
/// p.set("futility_margin", 80).unwrap();
/// assert_eq!(p.futility_margin, 80);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Static pruning applies at depths up to this.
    pub pruning_depth: i32,
    /// Razoring applies at depths up to this.
    pub razor_depth: i32,
    /// Score margin per ply of depth for static pruning and razoring.
    pub futility_margin: i32,
    /// Move-count pruning of a node with a three or four to make for either side: it
    /// searches `(slope sqrt(d) + offset) / 10` of its best-ordered moves, at least 1 and
    /// at most `branch_cap`. Few near the horizon, where a quiet move rarely changes the
    /// score, so the depth saved goes to the threats; more deep in the tree, where a quiet
    /// move may prepare a winning attack.
    pub branch_slope: i32,
    pub branch_offset: i32,
    pub branch_cap: i32,
    /// The same for a calm node (see `Position::is_calm`): with no three or four to make,
    /// the best-ordered few decide.
    pub calm_slope: i32,
    pub calm_offset: i32,
    pub calm_cap: i32,
    /// A node answering an open three searches `defence_base + defence_per_depth d` of its
    /// answers, at most `max_defences`. The answers are every point that stops any four of
    /// the opponent's: cut short like other nodes, the one real defence is often left out
    /// and the search sees wins that are not there.
    pub defence_base: i32,
    pub defence_per_depth: i32,
    pub max_defences: i32,
    /// Late-move reduction of a quiet move at depth `d`, move number `i`:
    /// `(lmr_base + ln(d) ln(i + 1) 100 / lmr_divisor) / 100` plies.
    pub lmr_base: i32,
    pub lmr_divisor: i32,
    /// Fours in a row the quiescence search may play past the horizon.
    pub quiescence_fours: i32,
    /// A node this deep or deeper with no stored move is searched one ply less (internal
    /// iterative reduction): a shallower search would likely have found one cheaply.
    pub iir_depth: i32,
    /// Ordering bonus of a killer move.
    pub killer_bonus: i32,
    /// A history score adds this fraction of itself to a move's ordering score (1/n).
    pub history_divisor: i32,
    /// The main thread searches each iteration from depth 5 in a window this far either
    /// side of the last iteration's score (0: the full window), widening it on a miss.
    pub aspiration_window: i32,
}

impl SearchParams {
    pub const DEFAULT: SearchParams = SearchParams {
        pruning_depth: 6,
        razor_depth: 3,
        futility_margin: 60,
        branch_slope: 150,
        branch_offset: -120,
        branch_cap: 32,
        calm_slope: 50,
        calm_offset: -20,
        calm_cap: 8,
        defence_base: 6,
        defence_per_depth: 3,
        max_defences: 24,
        lmr_base: 75,
        lmr_divisor: 200,
        quiescence_fours: 4,
        iir_depth: 4,
        killer_bonus: 40,
        history_divisor: 64,
        aspiration_window: 40,
    };
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

impl Tunable for SearchParams {
    type Value = i32;

    #[rustfmt::skip]
    const PARAMS: &'static [Param<SearchParams, i32>] = &[
        Param::new("pruning_depth", |p| &mut p.pruning_depth, 0..=20),
        Param::new("razor_depth", |p| &mut p.razor_depth, 0..=20),
        Param::new("futility_margin", |p| &mut p.futility_margin, 0..=1000),
        Param::new("branch_slope", |p| &mut p.branch_slope, 0..=1000),
        Param::new("branch_offset", |p| &mut p.branch_offset, -1000..=1000),
        Param::new("branch_cap", |p| &mut p.branch_cap, 1..=225),
        Param::new("calm_slope", |p| &mut p.calm_slope, 0..=1000),
        Param::new("calm_offset", |p| &mut p.calm_offset, -1000..=1000),
        Param::new("calm_cap", |p| &mut p.calm_cap, 1..=225),
        Param::new("defence_base", |p| &mut p.defence_base, 1..=225),
        Param::new("defence_per_depth", |p| &mut p.defence_per_depth, 0..=225),
        Param::new("max_defences", |p| &mut p.max_defences, 1..=225),
        Param::new("lmr_base", |p| &mut p.lmr_base, -200..=400),
        Param::new("lmr_divisor", |p| &mut p.lmr_divisor, 20..=2000),
        Param::new("quiescence_fours", |p| &mut p.quiescence_fours, 0..=30),
        Param::new("iir_depth", |p| &mut p.iir_depth, 1..=100),
        Param::new("killer_bonus", |p| &mut p.killer_bonus, 0..=1000),
        Param::new("history_divisor", |p| &mut p.history_divisor, 1..=4096),
        Param::new("aspiration_window", |p| &mut p.aspiration_window, 0..=1000),
    ];
}

/// Everything `--param NAME=VALUE` and `INFO param_NAME` set: the evaluation [`Weights`]
/// and the [`SearchParams`], whose names do not overlap.
///
/// ```
/// use tengen::renju::search::EngineParams;
/// let mut p = EngineParams::default();
/// p.set_text("white_tempo", "40").unwrap();
/// p.set_text("futility_margin", "80").unwrap();
/// assert_eq!((p.weights.white.tempo, p.search.futility_margin), (40, 80));
/// assert!(p.set_text("bogus", "1").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EngineParams {
    pub weights: Weights,
    pub search: SearchParams,
}

impl EngineParams {
    /// Sets the weight or search parameter called `name` to the number in `value`; an
    /// unknown name or a bad value changes nothing.
    pub fn set_text(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        if Weights::param(name).is_ok() {
            self.weights.set_text(name, value)
        } else {
            self.search.set_text(name, value)
        }
    }

    /// Every parameter as `name=value` words: the weights, then the search's.
    pub fn params_line(&self) -> String {
        format!(
            "{} {}",
            self.weights.params_line(),
            self.search.params_line()
        )
    }
}

/// [`SearchParams`] with the per-depth tables worked out from them.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub params: SearchParams,
    /// How many moves an unforced node searches, by depth (0 is the quiescence search)
    /// and calm (index 1).
    branch: [[usize; 2]; TABLE_DEPTHS],
    /// Late-move reduction by depth and move number.
    lmr: Box<[[i32; TABLE_DEPTHS]; TABLE_DEPTHS]>,
}

impl Tables {
    pub fn new(params: SearchParams) -> Tables {
        let p = &params;
        let mut branch = [[0; 2]; TABLE_DEPTHS];
        for (d, row) in branch.iter_mut().enumerate() {
            let root = (d as f64).sqrt();
            let moves = |slope: i32, offset: i32, cap: i32| {
                ((slope as f64 * root + offset as f64) / 10.0)
                    .round()
                    .clamp(1.0, cap as f64) as usize
            };
            *row = [
                moves(p.branch_slope, p.branch_offset, p.branch_cap),
                moves(p.calm_slope, p.calm_offset, p.calm_cap),
            ];
        }
        let mut lmr = Box::new([[0; TABLE_DEPTHS]; TABLE_DEPTHS]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, x) in row.iter_mut().enumerate() {
                let product = (d as f64).ln() * ((i + 1) as f64).ln();
                *x = ((p.lmr_base as f64 + product * 100.0 * 100.0 / p.lmr_divisor as f64) / 100.0)
                    as i32;
            }
        }
        Tables {
            params,
            branch,
            lmr,
        }
    }

    /// Moves an unforced node at `depth` searches (`calm`: see `Position::is_calm`).
    #[inline]
    pub fn branch(&self, depth: i32, calm: bool) -> usize {
        self.branch[depth.clamp(0, TABLE_DEPTHS as i32 - 1) as usize][usize::from(calm)]
    }

    /// Moves a node at `depth` answering an open three searches.
    #[inline]
    pub fn defences(&self, depth: i32) -> usize {
        let p = &self.params;
        (p.defence_base + p.defence_per_depth * depth.max(0)).min(p.max_defences) as usize
    }

    /// Reduction of the `i`th quiet move at `depth`.
    #[inline]
    pub fn lmr(&self, depth: i32, i: usize) -> i32 {
        let last = TABLE_DEPTHS - 1;
        self.lmr[(depth.max(0) as usize).min(last)][i.min(last)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_and_search_names_do_not_overlap() {
        for p in SearchParams::PARAMS {
            assert!(Weights::param(p.name).is_err(), "{} is both", p.name);
        }
    }

    #[test]
    fn default_tables_keep_the_hand_set_formulas() {
        let t = Tables::new(SearchParams::DEFAULT);
        // 15 sqrt(d) - 12 capped at 32, and 5 sqrt(d) - 2 capped at 8.
        let busy: Vec<usize> = (0..9).map(|d| t.branch(d, false)).collect();
        let calm: Vec<usize> = (0..9).map(|d| t.branch(d, true)).collect();
        assert_eq!(busy, [1, 3, 9, 14, 18, 22, 25, 28, 30]);
        assert_eq!(calm, [1, 3, 5, 7, 8, 8, 8, 8, 8]);
        assert_eq!(t.branch(1000, false), 32);
        // 0.75 + ln(d) ln(i + 1) / 2, truncated.
        assert_eq!(t.lmr(1, 10), 0);
        assert_eq!(t.lmr(8, 7), (0.75 + 8f64.ln() * 8f64.ln() / 2.0) as i32);
        assert_eq!(t.defences(0), 6);
        assert_eq!(t.defences(10), 24);
    }
}
