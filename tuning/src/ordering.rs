//! Fitting the renju move ordering ([`OrderWeights`]) to the moves a search chose.
//!
//! The alpha-beta search looks at few moves of each node (move-count pruning, late-move
//! reductions), so what it finds depends on how well the static ordering puts the best
//! move first. Each position of a logged game (from `skip` moves on, neither side able to
//! make five) becomes a [`Choice`]: the terms of every move the search would list there
//! ([`Position::moves`]), for the mover's own stone and for the opponent's on the same
//! point, and which of them the game's player chose. When the games come from searches
//! deeper than the ordering is meant for, the fit distils their choices into it.
//!
//! The model is a softmax over a node's moves of their ordering scores
//! ([`OrderWeights::score`]) divided by a temperature, first chosen to fit the starting
//! weights best; the fit maximises the log-likelihood of the chosen moves by Adam. A
//! weight whose term the chosen moves show fewer than `min_support` times keeps its
//! value, and so do the hand-set ones (fives, the double-threat bonuses): double threats
//! come first whatever a few games say.

use tengen::core::{Color, Point};
use tengen::renju::search::{add_point_terms, OrderWeights, Position, Term, Weights, TERMS};
use tengen::renju::{Board, Rule};

pub use crate::texel::FitOptions;

/// Features of one move: the own stone's terms, the opponent's, then whether each makes a
/// double threat.
const FEATURES: usize = 2 * TERMS + 2;
const DOUBLE: usize = 2 * TERMS;
const BLOCK_DOUBLE: usize = 2 * TERMS + 1;

/// One position: its side to move, the features of each move the search lists there, and
/// the index of the move played.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mover: Color,
    pub moves: Vec<[f64; FEATURES]>,
    pub chosen: usize,
}

/// The choices of one game, given its moves (Black first, the opening included);
/// positions before `skip` moves are left out, and so are those with a five to make or
/// to stop, and those where the search lists one move or the player chose one it does
/// not list.
///
/// ```
/// use tengen::core::Point;
/// use tengen::renju::Rule;
/// use tengen_tuning::ordering::game_choices;
/// let moves: Vec<Point> = [(7, 7), (8, 8), (7, 8), (8, 7)].map(|(x, y)| Point::new(x, y)).into();
/// let choices = game_choices(&moves, 15, Rule::Renju, 1).unwrap();
/// assert_eq!(choices.len(), 3);
/// assert!(choices.iter().all(|c| c.chosen < c.moves.len()));
/// ```
pub fn game_choices(
    moves: &[Point],
    size: usize,
    rule: Rule,
    skip: usize,
) -> Result<Vec<Choice>, String> {
    let board = Board::new(size, rule).map_err(|e| e.to_string())?;
    let mut pos = Position::new(board, Color::Black);
    let mut choices = Vec::new();
    for (ply, &p) in moves.iter().enumerate() {
        let me = pos.to_move();
        if !pos.is_legal(p, me) {
            return Err(format!("move {} ({},{}) is illegal", ply + 1, p.x, p.y));
        }
        if ply >= skip && !pos.has_five(me) && !pos.has_five(!me) {
            let listed: Vec<Point> = pos.moves(pos.has_flex_four(!me)).map(|(q, _)| q).collect();
            if let Some(chosen) = listed
                .iter()
                .position(|&q| q == p)
                .filter(|_| listed.len() > 1)
            {
                let moves = listed.iter().map(|&q| features(&pos, q)).collect();
                choices.push(Choice {
                    mover: me,
                    moves,
                    chosen,
                });
            }
        }
        pos.play(p);
    }
    Ok(choices)
}

/// The features of the side to move's stone on `p`.
fn features(pos: &Position, p: Point) -> [f64; FEATURES] {
    let me = pos.to_move();
    let (mut own, mut theirs) = ([0; TERMS], [0; TERMS]);
    add_point_terms(pos, p, me, &mut own);
    add_point_terms(pos, p, !me, &mut theirs);
    let mut x = [0.0; FEATURES];
    for t in 0..TERMS {
        x[t] = f64::from(own[t]);
        x[TERMS + t] = f64::from(theirs[t]);
    }
    x[DOUBLE] = f64::from(u8::from(pos.threat(p, me).double));
    x[BLOCK_DOUBLE] = f64::from(u8::from(pos.threat(p, !me).double));
    x
}

/// One colour's ordering weights as parameters, in the order of the features.
fn to_params(o: &OrderWeights) -> [f64; FEATURES] {
    let mut p = [0.0; FEATURES];
    for t in 0..TERMS {
        p[t] = f64::from(o.own[t]);
        p[TERMS + t] = f64::from(o.block[t]);
    }
    p[DOUBLE] = f64::from(o.double);
    p[BLOCK_DOUBLE] = f64::from(o.block_double);
    p
}

fn to_order(p: &[f64; FEATURES]) -> OrderWeights {
    OrderWeights {
        own: std::array::from_fn(|t| p[t].round() as i32),
        block: std::array::from_fn(|t| p[TERMS + t].round() as i32),
        double: p[DOUBLE].round() as i32,
        block_double: p[BLOCK_DOUBLE].round() as i32,
    }
}

/// Is feature `j` set by hand rather than fitted: a five's, a foul's (which never counts)
/// or a double-threat bonus?
fn hand_set(j: usize) -> bool {
    let term = j % TERMS;
    j >= DOUBLE || term == Term::Five as usize || term == Term::Forbidden as usize
}

/// How well a set of weights predicts the choices.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// Mean log-likelihood of the chosen moves.
    pub log_likelihood: f64,
    /// Share of the choices ranked first, among the first 3, among the first 8 (ties
    /// share the ranks they span).
    pub top: [f64; 3],
    /// Mean number of moves ranked above the chosen one.
    pub mean_rank: f64,
}

/// The ranks [`Fit::top`] counts.
pub const TOP_RANKS: [usize; 3] = [1, 3, 8];

/// The scores, as log-odds, of a choice's moves under one colour's parameters.
fn logits(c: &Choice, p: &[f64; FEATURES], temperature: f64) -> Vec<f64> {
    c.moves
        .iter()
        .map(|x| x.iter().zip(p).map(|(x, p)| x * p).sum::<f64>() / temperature)
        .collect()
}

/// How `w` predicts `choices` with scores divided by `temperature`.
pub fn evaluate(w: &Weights, temperature: f64, choices: &[Choice]) -> Fit {
    let params = Color::BOTH.map(|c| to_params(&w.side(c).order));
    let mut fit = Fit::default();
    for c in choices {
        let z = logits(c, &params[c.mover.index()], temperature);
        let top = z.iter().copied().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - top).exp()).sum();
        fit.log_likelihood += z[c.chosen] - top - sum.ln();
        let above = z.iter().filter(|&&v| v > z[c.chosen]).count() as f64;
        let tied = z.iter().filter(|&&v| v == z[c.chosen]).count() as f64 - 1.0;
        let rank = above + tied / 2.0;
        fit.mean_rank += rank;
        for (share, &k) in fit.top.iter_mut().zip(&TOP_RANKS) {
            *share += f64::from(u8::from(rank < k as f64));
        }
    }
    let n = choices.len().max(1) as f64;
    fit.log_likelihood /= n;
    fit.mean_rank /= n;
    fit.top = fit.top.map(|t| t / n);
    fit
}

/// The temperature (score points per unit of log-odds) under which `w` predicts
/// `choices` best, searched from 1 to 10,000.
pub fn best_temperature(w: &Weights, choices: &[Choice]) -> f64 {
    // Golden-section search on the logarithm: the likelihood is unimodal in it.
    let (mut lo, mut hi) = (0.0_f64, 10_000f64.ln());
    let g = (5.0_f64.sqrt() - 1.0) / 2.0;
    let ll = |t: f64| evaluate(w, t.exp(), choices).log_likelihood;
    for _ in 0..50 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if ll(a) > ll(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits the ordering weights of `start` to `choices` with the temperature fixed; the
/// evaluation weights stay as they are.
pub fn fit(start: &Weights, temperature: f64, choices: &[Choice], options: FitOptions) -> Weights {
    let mut weights = *start;
    for color in Color::BOTH {
        let mine: Vec<&Choice> = choices.iter().filter(|c| c.mover == color).collect();
        let mut support = [0usize; FEATURES];
        for c in &mine {
            for (n, x) in support.iter_mut().zip(&c.moves[c.chosen]) {
                *n += usize::from(*x != 0.0);
            }
        }
        let free: Vec<usize> = (0..FEATURES)
            .filter(|&j| !hand_set(j) && support[j] >= options.min_support)
            .collect();
        // Fitted in log-odds units, so that one step size suits every weight.
        let mut p = to_params(&start.side(color).order).map(|v| v / temperature);
        let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
        let (b1, b2, eps) = (0.9_f64, 0.999_f64, 1e-8);
        for step in 1..=options.iterations {
            let mut grad = [0.0; FEATURES];
            for c in &mine {
                let z = logits(c, &p, 1.0);
                let top = z.iter().copied().fold(f64::MIN, f64::max);
                let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
                let sum: f64 = e.iter().sum();
                for (k, x) in c.moves.iter().enumerate() {
                    let g = f64::from(u8::from(k == c.chosen)) - e[k] / sum;
                    for (gj, xj) in grad.iter_mut().zip(x) {
                        *gj += g * xj;
                    }
                }
            }
            for &j in &free {
                let g = grad[j] / mine.len().max(1) as f64;
                m[j] = b1 * m[j] + (1.0 - b1) * g;
                v[j] = b2 * v[j] + (1.0 - b2) * g * g;
                let m_hat = m[j] / (1.0 - b1.powi(step as i32));
                let v_hat = v[j] / (1.0 - b2.powi(step as i32));
                p[j] += options.rate * m_hat / (v_hat.sqrt() + eps);
            }
        }
        let order = to_order(&p.map(|v| v * temperature));
        match color {
            Color::Black => weights.black.order = order,
            Color::White => weights.white.order = order,
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::core::SplitMix64;

    /// Choices drawn from a softmax where an open three is worth three times an open two
    /// (temperature 100): the fit must find that ratio from a start that values both alike,
    /// and leave the hand-set and unsupported weights alone.
    #[test]
    fn the_fit_recovers_the_weights_that_drew_the_choices() {
        let (two, three) = (Term::OpenTwo as usize, Term::OpenThree as usize);
        let mut rng = SplitMix64::new(5);
        let mut choices = Vec::new();
        for n in 0..3000 {
            let moves: Vec<[f64; FEATURES]> = (0..6)
                .map(|_| {
                    let mut x = [0.0; FEATURES];
                    x[two] = rng.below(3) as f64;
                    x[three] = rng.below(2) as f64;
                    x
                })
                .collect();
            let z: Vec<f64> = moves
                .iter()
                .map(|x| (100.0 * x[two] + 300.0 * x[three]) / 100.0)
                .collect();
            let total: f64 = z.iter().map(|v| v.exp()).sum();
            let mut draw = rng.unit() * total;
            let chosen = z
                .iter()
                .position(|v| {
                    draw -= v.exp();
                    draw < 0.0
                })
                .unwrap_or(5);
            let mover = [Color::Black, Color::White][n % 2];
            choices.push(Choice {
                mover,
                moves,
                chosen,
            });
        }
        let mut start = Weights::DEFAULT;
        for side in [&mut start.black, &mut start.white] {
            side.order.own[two] = 150;
            side.order.own[three] = 150;
        }
        let options = FitOptions {
            iterations: 400,
            rate: 0.05,
            min_support: 100,
        };
        let tuned = fit(&start, 100.0, &choices, options);
        for color in Color::BOTH {
            let order = tuned.side(color).order;
            let (w2, w3) = (order.own[two], order.own[three]);
            assert!((80..=120).contains(&w2), "{color:?} open two {w2}");
            assert!((260..=340).contains(&w3), "{color:?} open three {w3}");
            let was = start.side(color).order;
            assert_eq!((order.double, order.block), (was.double, was.block));
            assert_eq!(order.own[Term::Four as usize], was.own[Term::Four as usize]);
        }
        assert!(
            evaluate(&tuned, 100.0, &choices).log_likelihood
                > evaluate(&start, 100.0, &choices).log_likelihood
        );
    }

    #[test]
    fn the_best_temperature_is_the_one_that_drew_the_choices() {
        // Two moves, one with an open two: chosen with probability e / (1 + e) at
        // temperature 50 under a weight of 50.
        let mut w = Weights::DEFAULT;
        w.black.order.own[Term::OpenTwo as usize] = 50;
        let mut with_two = [0.0; FEATURES];
        with_two[Term::OpenTwo as usize] = 1.0;
        let moves = vec![with_two, [0.0; FEATURES]];
        let p = std::f64::consts::E / (1.0 + std::f64::consts::E);
        let choices: Vec<Choice> = (0..1000)
            .map(|n| Choice {
                mover: Color::Black,
                moves: moves.clone(),
                chosen: usize::from(n as f64 >= p * 1000.0),
            })
            .collect();
        let t = best_temperature(&w, &choices);
        assert!((45.0..55.0).contains(&t), "{t}");
    }

    #[test]
    fn every_move_after_the_first_is_a_choice() {
        let game = "7,7 8,6 9,7 8,7 8,8 7,9 9,9 10,10 9,8 9,10";
        let moves: Vec<Point> = game
            .split(' ')
            .map(|m| {
                let (x, y) = m.split_once(',').unwrap();
                Point::new(x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        // The first move has one listed move (the centre), and no five is ever on the
        // board: every other move is a choice, White's first.
        let choices = game_choices(&moves, 15, Rule::Renju, 0).unwrap();
        assert_eq!(choices.len(), moves.len() - 1);
        for (n, c) in choices.iter().enumerate() {
            assert_eq!(c.mover, [Color::White, Color::Black][n % 2]);
            assert!(c.chosen < c.moves.len());
        }
        assert_eq!(game_choices(&moves, 15, Rule::Renju, 4).unwrap().len(), 6);
        let illegal = [Point::new(7, 7), Point::new(7, 7)];
        assert!(game_choices(&illegal, 15, Rule::Renju, 0).is_err());
    }
}
