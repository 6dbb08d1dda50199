//! Texel tuning of the renju evaluation: fit [`Weights`] to the results of played games.
//!
//! Every quiet position of a game (neither side can make five, the side to move has no
//! open three to turn into a straight four) becomes a sample: the terms of its candidate
//! points ([`term_counts`]) and the game's result for the side to move. The static score
//! is linear in the weights ([`Weights::score`]), so the fit minimises the mean squared
//! difference between the results and `sigmoid(score / K)` by gradient descent (Adam),
//! `K` first chosen to fit the starting weights best. Games are split between a training
//! set and a held-out set, so the report shows whether the fit generalises.
//!
//! A sample's target need not be a game's result: [`parse_targets`] reads positions each
//! labelled with a win probability for its side to move, as a stronger engine's search
//! judged it ([`position_sample`]). One such label says more about its position than a
//! result decided many moves later, so the fit distils that judge's opinion into the
//! linear evaluation.

use std::path::PathBuf;
use tengen::core::{Color, Point};
use tengen::renju::search::{term_counts, Position, Term, TermCounts, Weights, TERMS};
use tengen::renju::{Board, Rule};

/// One quiet position: its side to move, its terms and the result for its side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The side to move (each colour has its own weights).
    pub mover: Color,
    /// The side to move's terms, then the opponent's.
    pub counts: [TermCounts; 2],
    /// 1 won, 0.5 drawn, 0 lost, for the side to move.
    pub result: f64,
}

/// The samples of one game, given its moves (Black first, the opening included) and its
/// result for Black; positions before `skip` moves are left out (the opening's).
///
/// ```
/// use tengen::core::Point;
/// use tengen::renju::Rule;
/// use tengen_tuning::texel::game_samples;
/// let moves: Vec<Point> = (0..4).map(|i| Point::new(7, 5 + i)).collect();
/// let samples = game_samples(&moves, 1.0, 15, Rule::Renju, 0).unwrap();
/// assert_eq!(samples.len(), 4);
/// assert_eq!(samples[1].result, 0.0); // White to move in a game Black won
/// ```
pub fn game_samples(
    moves: &[Point],
    black_result: f64,
    size: usize,
    rule: Rule,
    skip: usize,
) -> Result<Vec<Sample>, String> {
    let mut pos = empty_position(size, rule)?;
    let mut samples = Vec::new();
    for (ply, &p) in moves.iter().enumerate() {
        if ply >= skip {
            let result = if pos.to_move() == Color::Black {
                black_result
            } else {
                1.0 - black_result
            };
            samples.extend(quiet_sample(&pos, result));
        }
        play_checked(&mut pos, p, ply)?;
    }
    Ok(samples)
}

/// The sample of the position after `moves` (Black first), labelled `target` (the win
/// probability of its side to move); `None` when that position is not quiet.
///
/// ```
/// use tengen::core::{Color, Point};
/// use tengen::renju::Rule;
/// use tengen_tuning::texel::position_sample;
/// let moves = [Point::new(7, 7), Point::new(7, 8), Point::new(8, 8)];
/// let s = position_sample(&moves, 0.4, 15, Rule::Renju).unwrap().unwrap();
/// assert_eq!((s.mover, s.result), (Color::White, 0.4));
/// ```
pub fn position_sample(
    moves: &[Point],
    target: f64,
    size: usize,
    rule: Rule,
) -> Result<Option<Sample>, String> {
    let mut pos = empty_position(size, rule)?;
    for (ply, &p) in moves.iter().enumerate() {
        play_checked(&mut pos, p, ply)?;
    }
    Ok(quiet_sample(&pos, target))
}

/// The sample of `pos` with `result` for its side to move, if the position is quiet:
/// neither side can make five and the side to move has no open three to turn into a
/// straight four (a static score means little where the next move decides).
fn quiet_sample(pos: &Position, result: f64) -> Option<Sample> {
    let me = pos.to_move();
    let quiet = !pos.has_five(me) && !pos.has_five(!me) && !pos.has_flex_four(me);
    quiet.then(|| Sample {
        mover: me,
        counts: term_counts(pos),
        result,
    })
}

/// An empty board of `size` under `rule`, Black to move.
fn empty_position(size: usize, rule: Rule) -> Result<Position, String> {
    let board = Board::new(size, rule).map_err(|e| e.to_string())?;
    Ok(Position::new(board, Color::Black))
}

/// Plays move number `ply` (from 0) of a record, refusing an illegal one.
fn play_checked(pos: &mut Position, p: Point, ply: usize) -> Result<(), String> {
    if !pos.is_legal(p, pos.to_move()) {
        return Err(format!("move {} ({},{}) is illegal", ply + 1, p.x, p.y));
    }
    pos.play(p);
    Ok(())
}

/// Did a game end by a clock, a crash or a failed start (its `reason=` in a log), so that
/// its result says nothing about its positions?
fn ended_off_the_board(reason: &str) -> bool {
    [
        "move time exceeded",
        "match time exceeded",
        "crash",
        "start failed",
        "both engines failed",
    ]
    .iter()
    .any(|prefix| reason.starts_with(prefix))
}

/// The games of a `gomocup-match --log` file: each line's moves and Black's result. Games
/// lost on time or by a crash are left out: their results do not come from the board.
pub fn parse_log(text: &str) -> Result<Vec<(Vec<Point>, f64)>, String> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("log line {}: {why}", n + 1);
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|w| w.strip_prefix(key))
                .ok_or_else(|| bad(&format!("no {key}")))
        };
        let result = match field("result=")? {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => return Err(bad(&format!("result '{other}'"))),
        };
        if let Some(at) = line.find("reason=\"") {
            let reason = &line[at + 8..];
            if ended_off_the_board(&reason[..reason.find('"').unwrap_or(reason.len())]) {
                continue;
            }
        }
        games.push((moves_of(line).map_err(|e| bad(&e))?, result));
    }
    Ok(games)
}

/// Reads labelled positions, one a line: `target=P` (the win probability, 0 to 1, of the
/// side to move after the moves), an optional `game=N` (positions of one game share it,
/// so a hold-out can keep games whole) and, last, `moves=` as in a match log. Blank lines
/// are skipped. Returns each position's moves, target and game (the line number without
/// `game=`).
///
/// ```
/// use tengen_tuning::texel::parse_targets;
/// let rows = parse_targets("game=4 target=0.25 moves=7,7 8,8\n").unwrap();
/// assert_eq!((rows[0].0.len(), rows[0].1, rows[0].2), (2, 0.25, 4));
/// assert!(parse_targets("target=1.5 moves=7,7").is_err());
/// ```
pub fn parse_targets(text: &str) -> Result<Vec<(Vec<Point>, f64, usize)>, String> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("targets line {}: {why}", n + 1);
        let field = |key: &str| line.split_whitespace().find_map(|w| w.strip_prefix(key));
        let target = field("target=")
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|t| (0.0..=1.0).contains(t))
            .ok_or_else(|| bad("no target= between 0 and 1"))?;
        let game = match field("game=") {
            Some(g) => g.parse().map_err(|_| bad(&format!("game '{g}'")))?,
            None => n + 1,
        };
        rows.push((moves_of(line).map_err(|e| bad(&e))?, target, game));
    }
    Ok(rows)
}

/// The points after `moves=` in a log or targets line (`x,y` each, space-separated).
fn moves_of(line: &str) -> Result<Vec<Point>, String> {
    let at = line.find("moves=").ok_or("no moves=")?;
    line[at + 6..]
        .split_whitespace()
        .map(|m| {
            let bad = || format!("move '{m}'");
            let (x, y) = m.split_once(',').ok_or_else(bad)?;
            match (x.parse(), y.parse()) {
                (Ok(x), Ok(y)) => Ok(Point::new(x, y)),
                _ => Err(bad()),
            }
        })
        .collect()
}

/// The parameters of one colour: its terms as the mover, as the opponent, its tempo.
const SIDE: usize = 2 * TERMS + 1;
/// The weights as the fit's parameters: Black's, then White's.
const PARAMS: usize = 2 * SIDE;

/// Where `color`'s weights start among the parameters.
fn side_offset(color: Color) -> usize {
    color.index() * SIDE
}

fn to_params(w: &Weights) -> [f64; PARAMS] {
    let mut p = [0.0; PARAMS];
    for color in Color::BOTH {
        let (side, o) = (w.side(color), side_offset(color));
        for t in 0..TERMS {
            p[o + t] = f64::from(side.mover[t]);
            p[o + TERMS + t] = f64::from(side.opponent[t]);
        }
        p[o + 2 * TERMS] = f64::from(side.tempo);
    }
    p
}

fn to_weights(p: &[f64; PARAMS], base: &Weights) -> Weights {
    let mut w = *base;
    for color in Color::BOTH {
        let o = side_offset(color);
        let side = if color == Color::Black {
            &mut w.black
        } else {
            &mut w.white
        };
        for t in 0..TERMS {
            side.mover[t] = p[o + t].round() as i32;
            side.opponent[t] = p[o + TERMS + t].round() as i32;
        }
        side.tempo = p[o + 2 * TERMS].round() as i32;
    }
    w
}

/// A sample's features: the score is their dot product with the parameters (the mover's
/// terms weighed by its colour's mover weights, the opponent's by the other colour's
/// opponent weights).
fn features(s: &Sample) -> [f64; PARAMS] {
    let mut x = [0.0; PARAMS];
    let (me, them) = (side_offset(s.mover), side_offset(!s.mover));
    for t in 0..TERMS {
        x[me + t] = f64::from(s.counts[0][t]);
        x[them + TERMS + t] = -f64::from(s.counts[1][t]);
    }
    x[me + 2 * TERMS] = 1.0;
    x
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// Mean squared difference between the results and `sigmoid(score / k)` under `w`.
pub fn loss(w: &Weights, k: f64, samples: &[Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(f64::from(w.score(s.mover, &s.counts)) / k) - s.result;
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale `k` (score points per unit of log-odds) that fits `w` best, searched from 10
/// to 2000.
pub fn best_scale(w: &Weights, samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (10.0_f64, 2000.0_f64);
    // The loss is unimodal in k for any sensible weights: golden-section search.
    let g = (5.0_f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(w, a, samples) < loss(w, b, samples) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Reads `gomocup-match --log` files and turns each game into samples with `samples`
/// (given the game's moves and Black's result), every `hold_out`-th game (from 1; 0 none)
/// into the second list: `(training, held out, games)`. Errors name the file and game.
pub fn split_logs<T>(
    logs: &[PathBuf],
    hold_out: usize,
    mut samples: impl FnMut(&[Point], f64) -> Result<Vec<T>, String>,
) -> Result<(Vec<T>, Vec<T>, usize), String> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0usize;
    for path in logs {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (moves, result) in parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))? {
            games += 1;
            let game = samples(&moves, result)
                .map_err(|e| format!("{}: game {games}: {e}", path.display()))?;
            if hold_out > 0 && games.is_multiple_of(hold_out) {
                test.extend(game);
            } else {
                train.extend(game);
            }
        }
    }
    Ok((train, test, games))
}

/// A table of two fitted weight sets per term beside their start values, as the fit tools
/// print it: a header (`term`, then each column's name and `was`) and a row per term.
///
/// ```
/// use tengen::renju::search::TERMS;
/// use tengen_tuning::texel::term_table;
/// let (a, b) = ([1; TERMS], [2; TERMS]);
/// let table = term_table(["own", "block"], [&a, &b], [&b, &a]);
/// assert!(table.starts_with("term              own    was  block    was\n"));
/// assert_eq!(table.lines().count(), 1 + TERMS);
/// ```
pub fn term_table(columns: [&str; 2], fitted: [&TermCounts; 2], was: [&TermCounts; 2]) -> String {
    let width = columns.map(|c| c.len().max(6));
    let mut table = format!(
        "{:<14} {:>w0$} {:>6} {:>w1$} {:>6}\n",
        "term",
        columns[0],
        "was",
        columns[1],
        "was",
        w0 = width[0],
        w1 = width[1]
    );
    for (t, term) in Term::ALL.iter().enumerate().take(TERMS) {
        table += &format!(
            "{:<14} {:>w0$} {:>6} {:>w1$} {:>6}\n",
            term.name(),
            fitted[0][t],
            was[0][t],
            fitted[1][t],
            was[1][t],
            w0 = width[0],
            w1 = width[1]
        );
    }
    table
}

/// How a fit runs (this one, and [`ordering`](crate::ordering)'s): Adam's steps and step
/// size, and which weights it may move.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Steps of Adam on the full batch.
    pub iterations: usize,
    /// Step size, in the fit's units: score points here, log-odds in the ordering's fit.
    pub rate: f64,
    /// A weight whose term appears in fewer samples than this keeps its start value: a few
    /// samples cannot say what it is worth, and the search's move ordering reads the same
    /// weights (a term seen mostly in decided positions, such as the mover's four-three,
    /// would otherwise drift to whatever its handful of quiet samples suggest).
    pub min_support: usize,
}

/// Fits the weights to `samples` from `start` with `k` fixed, as `options` say.
pub fn fit(start: &Weights, k: f64, samples: &[Sample], options: FitOptions) -> Weights {
    let FitOptions {
        iterations,
        rate,
        min_support,
    } = options;
    let xs: Vec<([f64; PARAMS], f64)> = samples.iter().map(|s| (features(s), s.result)).collect();
    let mut support = [0usize; PARAMS];
    for (x, _) in &xs {
        for (n, xj) in support.iter_mut().zip(x) {
            *n += usize::from(*xj != 0.0);
        }
    }
    let mut p = to_params(start);
    let (mut m, mut v) = ([0.0; PARAMS], [0.0; PARAMS]);
    let (b1, b2, eps) = (0.9_f64, 0.999_f64, 1e-8);
    for step in 1..=iterations {
        let mut grad = [0.0; PARAMS];
        for (x, r) in &xs {
            let score: f64 = x.iter().zip(&p).map(|(x, p)| x * p).sum();
            let q = sigmoid(score / k);
            let g = 2.0 * (q - r) * q * (1.0 - q) / k;
            for (gj, xj) in grad.iter_mut().zip(x) {
                *gj += g * xj;
            }
        }
        for j in (0..PARAMS).filter(|&j| support[j] >= min_support) {
            let g = grad[j] / xs.len().max(1) as f64;
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let m_hat = m[j] / (1.0 - b1.powi(step as i32));
            let v_hat = v[j] / (1.0 - b2.powi(step as i32));
            p[j] -= rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    to_weights(&p, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::renju::search::SideWeights;

    fn sample(mover: Color, mine: i32, theirs: i32, result: f64) -> Sample {
        let mut counts = [[0; TERMS]; 2];
        counts[0][1] = mine;
        counts[1][1] = theirs;
        Sample {
            mover,
            counts,
            result,
        }
    }

    /// Weights where only an open two counts: `black` and `white`, each as the mover and
    /// as the opponent.
    fn open_two_weights(black: [i32; 2], white: [i32; 2]) -> Weights {
        let side = |[mover, opponent]: [i32; 2]| {
            let mut s = SideWeights {
                mover: [0; TERMS],
                opponent: [0; TERMS],
                tempo: 0,
                ..Weights::DEFAULT.black
            };
            s.mover[1] = mover;
            s.opponent[1] = opponent;
            s
        };
        Weights {
            black: side(black),
            white: side(white),
        }
    }

    #[test]
    fn the_fit_recovers_weights_that_explain_the_results() {
        // Results drawn from a model where an open two is worth 40 to Black and 10 to
        // White as the mover, 30 to Black and 20 to White as the opponent, k = 100: the
        // fit must move each colour's weights there from elsewhere.
        let truth = open_two_weights([40, 30], [10, 20]);
        let mut samples = Vec::new();
        let mut rng = tengen::core::SplitMix64::new(3);
        for n in 0..8000 {
            let mover = Color::BOTH[n % 2];
            let (a, b) = (rng.below(8) as i32, rng.below(8) as i32);
            let score = truth.score(mover, &sample(mover, a, b, 0.0).counts);
            let p = sigmoid(f64::from(score) / 100.0);
            let won = (rng.below(1_000_000) as f64) < p * 1e6;
            samples.push(sample(mover, a, b, if won { 1.0 } else { 0.0 }));
        }
        let start = open_two_weights([5, 5], [5, 5]);
        let options = FitOptions {
            iterations: 600,
            rate: 1.0,
            min_support: 1,
        };
        let fitted = fit(&start, 100.0, &samples, options);
        let got = [fitted.black.mover[1], fitted.black.opponent[1]];
        assert!(
            (got[0] - 40).abs() <= 6 && (got[1] - 30).abs() <= 6,
            "{fitted:?}"
        );
        let got = [fitted.white.mover[1], fitted.white.opponent[1]];
        assert!(
            (got[0] - 10).abs() <= 6 && (got[1] - 20).abs() <= 6,
            "{fitted:?}"
        );
        assert!(loss(&fitted, 100.0, &samples) < loss(&start, 100.0, &samples));
    }

    #[test]
    fn a_weight_with_too_few_samples_keeps_its_start_value() {
        // Open twos in every sample, a closed two (term 0) in 3 of them only.
        let mut samples: Vec<Sample> = (0..400)
            .map(|n| sample(Color::BOTH[n % 2], (n % 5) as i32, 1, 0.9))
            .collect();
        for s in samples.iter_mut().take(3) {
            s.counts[0][0] = 4;
        }
        let start = open_two_weights([5, 5], [5, 5]);
        let options = FitOptions {
            iterations: 200,
            rate: 1.0,
            min_support: 10,
        };
        let fitted = fit(&start, 100.0, &samples, options);
        assert_eq!(fitted.black.mover[0], start.black.mover[0]);
        assert_eq!(fitted.white.mover[0], start.white.mover[0]);
        assert_ne!(fitted.black.mover[1], start.black.mover[1]);
        let free = fit(
            &start,
            100.0,
            &samples,
            FitOptions {
                min_support: 1,
                ..options
            },
        );
        assert_ne!(free.black.mover[0], start.black.mover[0]);
    }

    #[test]
    fn log_lines_give_moves_and_results() {
        let log = "game=1 opening=D1-a black=a white=b result=0-1 reason=\"five\" plies=3 \
                   time_ms=1,2 moves=7,7 7,6 8,8\n\ngame=2 result=1/2-1/2 moves=7,7\n";
        let games = parse_log(log).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].0,
            vec![Point::new(7, 7), Point::new(7, 6), Point::new(8, 8)]
        );
        assert_eq!((games[0].1, games[1].1), (0.0, 0.5));
        assert!(parse_log("result=2-0 moves=7,7")
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_log("result=1-0 moves=7;7").is_err());
    }

    #[test]
    fn games_lost_off_the_board_are_left_out() {
        use crate::gomocup::EndReason;
        let line = |reason: EndReason| {
            format!("game=1 result=1-0 reason=\"{reason}\" plies=1 time_ms=1,2 moves=7,7\n")
        };
        for kept in [
            EndReason::Five,
            EndReason::BoardFull,
            EndReason::NoLegalMove,
        ] {
            assert_eq!(parse_log(&line(kept)).unwrap().len(), 1);
        }
        for dropped in [
            EndReason::TurnTimeout { elapsed_ms: 1301 },
            EndReason::MatchTimeout { used_ms: 9 },
            EndReason::Crash("exit 1".into()),
            EndReason::StartFailed("no OK".into()),
            EndReason::BothFailed("no OK".into()),
        ] {
            assert!(parse_log(&line(dropped)).unwrap().is_empty());
        }
    }

    #[test]
    fn a_labelled_position_is_a_sample_only_when_quiet() {
        // Black's open three (f8 g8 h8), White to move: quiet for White, whose target is
        // kept as given; with Black to move the three could become a straight four.
        let three = [(5, 7), (0, 0), (6, 7), (0, 2), (7, 7)].map(|(x, y)| Point::new(x, y));
        let s = position_sample(&three, 0.1, 15, Rule::Renju)
            .unwrap()
            .unwrap();
        assert_eq!((s.mover, s.result), (Color::White, 0.1));
        assert_eq!(
            s.counts,
            term_counts(&{
                let mut b = Board::new(15, Rule::Renju).unwrap();
                for (i, p) in three.iter().enumerate() {
                    b.put(*p, Color::BOTH[i % 2]).unwrap();
                }
                Position::new(b, Color::White)
            })
        );
        let black_to_move = [&three[..], &[Point::new(0, 4)]].concat();
        assert_eq!(
            position_sample(&black_to_move, 0.9, 15, Rule::Renju).unwrap(),
            None
        );
        assert!(position_sample(&[three[0], three[0]], 0.5, 15, Rule::Renju).is_err());
    }

    #[test]
    fn targets_lines_give_moves_targets_and_games() {
        let rows =
            parse_targets("target=0.75 moves=7,7\n\ngame=9 target=0 moves=7,7 7,6\n").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].1, rows[0].2), (0.75, 1));
        assert_eq!((rows[1].0.len(), rows[1].1, rows[1].2), (2, 0.0, 9));
        for bad in [
            "moves=7,7",
            "target=x moves=7,7",
            "target=0.5 moves=7;7",
            "target=0.5",
        ] {
            assert!(parse_targets(bad).unwrap_err().contains("line 1"), "{bad}");
        }
    }

    #[test]
    fn illegal_games_are_refused() {
        let moves = [Point::new(7, 7), Point::new(7, 7)];
        assert!(game_samples(&moves, 1.0, 15, Rule::Renju, 0).is_err());
    }
}
