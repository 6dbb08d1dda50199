//! Opening-rule decisions with the engine: choose the opening, decide a swap, play the next
//! opening move inside the rule's area, offer 5th moves and choose among them.
//!
//! Every decision takes a time `budget` and shares it out among the short searches it runs;
//! a search cut off before its first iteration falls back on the static evaluation. The
//! rules themselves (phases, areas, symmetry) live in [`crate::renju::opening`]; each
//! function here checks the phase first and never panics on a bad position.
//!
//! Scores are in evaluation units (±20000 a proven result), from the side named.
//!
//! ```
//! use tengen::renju::opening::OpeningRule;
//! use tengen::renju::search::{opening, Engine};
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//! let engine = Engine::new(1, 1);
//! let stop = AtomicBool::new(false);
//! let c = opening::choose_opening(&engine, OpeningRule::Rif, 15, Duration::from_millis(50), &stop);
//! assert!(c.opening.is_some() && c.stones.len() == 3);
//! ```

use super::{evaluate, Engine, Limits, Position};
use crate::core::{Color, Point};
use crate::renju::opening::{
    distinct_under_symmetry, in_central_square, symmetries_of, Opening, OpeningError, OpeningRule,
    Phase, OPENINGS,
};
use crate::renju::Board;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What one more 5th-move offer is taken to cost Black, in evaluation units, where it
/// cannot be measured (before the 4th move). A rough guess, not tuned.
pub const OFFER_VALUE: i32 = 20;
/// The most offers we declare ourselves as the Yamaguchi opener.
pub const MAX_DECLARED_OFFERS: usize = 10;
/// Longest budget taken into account (a longer one, say "no limit", is cut to this).
const MAX_BUDGET: Duration = Duration::from_secs(24 * 3600);
/// Shortest time any one search gets, even past the budget.
const MIN_SHARE: Duration = Duration::from_millis(2);
/// Candidates searched in full after a quick depth-1 sift.
const SHORTLIST: usize = 6;
/// Soosõrv-8 4th moves examined with all their offer counts.
const SOOSORV_CANDIDATES: usize = 3;

/// The opener's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningChoice {
    /// The opening played (`None` for Taraguchi-10, whose opener plays one stone).
    pub opening: Option<&'static Opening>,
    /// The stones in move order: three (Black, White, Black), or the centre alone.
    pub stones: Vec<Point>,
    /// Yamaguchi: the number of 5th-move offers declared.
    pub offers: Option<usize>,
    /// Expected value for Black once the offers are counted.
    pub score: i32,
}

/// A swap decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwapChoice {
    /// Take the colour of the player who just moved.
    pub swap: bool,
    /// Expected value for the colour we take.
    pub score: i32,
}

/// The next opening move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveChoice {
    pub point: Point,
    /// Soosõrv-8's 4th move: the number of 5th-move offers declared.
    pub offers: Option<usize>,
    /// Expected value for the player moving.
    pub score: i32,
}

/// The opener's stones: the most balanced of the 26 openings by a short search of each
/// (RIF: counting Black's two offers against it; Yamaguchi: with the number of offers that
/// balances it best, preferring few offers); Taraguchi-10: the centre.
pub fn choose_opening(
    engine: &Engine,
    rule: OpeningRule,
    size: usize,
    budget: Duration,
    stop: &AtomicBool,
) -> OpeningChoice {
    let c = (size / 2) as u8;
    if rule == OpeningRule::Taraguchi10 {
        return OpeningChoice {
            opening: None,
            stones: vec![Point::new(c, c)],
            offers: None,
            score: 0,
        };
    }
    let mut clock = Clock::new(engine, stop, budget, OPENINGS.len());
    let mut best: Option<(i32, OpeningChoice)> = None;
    for o in &STATIC_OPENINGS {
        let stones = o.stones(size);
        let Some(board) = board_with(size, &stones) else {
            continue;
        };
        let black = -clock.judge(&board, Color::White, Vec::new()).score;
        let (offers, score) = match rule {
            OpeningRule::Rif => (None, black - OFFER_VALUE),
            OpeningRule::Yamaguchi => {
                let n = declared_offers(black);
                (Some(n), black - OFFER_VALUE * (n as i32 - 1))
            }
            _ => (None, black),
        };
        // Each declared offer leans on the guessed OFFER_VALUE: count half of it as risk.
        let risk = score.abs() + OFFER_VALUE / 2 * (offers.unwrap_or(1) as i32 - 1);
        if best.as_ref().map_or(true, |(r, _)| risk < *r) {
            let choice = OpeningChoice {
                opening: Some(o),
                stones: stones.to_vec(),
                offers,
                score,
            };
            best = Some((risk, choice));
        }
    }
    best.map(|(_, c)| c).unwrap_or_else(|| OpeningChoice {
        opening: None,
        stones: vec![Point::new(c, c)],
        offers: None,
        score: 0,
    })
}

/// The openings table as a static, so choices can refer to it.
static STATIC_OPENINGS: [Opening; 26] = OPENINGS;

/// The offers a Yamaguchi opener declares for an opening worth `black` to Black: one, and
/// one more per [`OFFER_VALUE`] of Black's advantage.
fn declared_offers(black: i32) -> usize {
    let extra = (black.max(0) + OFFER_VALUE / 2) / OFFER_VALUE;
    (1 + extra as usize).min(MAX_DECLARED_OFFERS)
}

/// A board with `stones` put Black, White, Black, … .
pub(super) fn board_with(size: usize, stones: &[Point]) -> Option<Board> {
    let mut b = Board::new(size, crate::renju::Rule::Renju).ok()?;
    for (i, &p) in stones.iter().enumerate() {
        b.put(
            p,
            if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
        )
        .ok()?;
    }
    Some(b)
}

/// Should we swap (take the colour of the player who just moved)? We take the side the
/// search prefers. `offers` is the number of 5th-move offers when it is known at this point
/// (Yamaguchi after 3 stones, Soosõrv-8 after 4; RIF is always 2): after 4 stones Black's
/// value is then the worst of its best `offers` 5th moves, after 3 stones each offer beyond
/// the first counts [`OFFER_VALUE`] against Black.
pub fn decide_swap(
    engine: &Engine,
    board: &Board,
    rule: OpeningRule,
    offers: Option<usize>,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<SwapChoice, OpeningError> {
    rule.check_phase(Phase::Swap, board)?;
    let stones = board.stone_count();
    let known = match (rule, stones) {
        (OpeningRule::Rif, 3) => Some(offers.unwrap_or(2)),
        (OpeningRule::Yamaguchi, 3) => Some(offers.unwrap_or(2)),
        (OpeningRule::Soosorv8, 4) => offers,
        _ => match offers {
            Some(n) => return Err(OpeningError::Unexpected(n.to_string())),
            None => None,
        },
    };
    if let Some(n) = known {
        if !rule.offer_counts().contains(&n) {
            return Err(OpeningError::OfferCount { rule, count: n });
        }
    }
    let next = next_colour(board);
    let next_value = match known {
        Some(n) if stones == 4 => {
            let mut clock = Clock::new(engine, stop, budget, n);
            let fifths = best_fifths(&mut clock, board, n);
            worst_of(&fifths, n).unwrap_or(0)
        }
        _ => {
            let mut clock = Clock::new(engine, stop, budget, 1);
            let s = clock.judge(board, next, Vec::new()).score;
            // After 3 stones White moves next; more offers help White.
            s + known.map_or(0, |n| OFFER_VALUE * (n as i32 - 1))
        }
    };
    let swap = next_value < 0;
    Ok(SwapChoice {
        swap,
        score: if swap { -next_value } else { next_value },
    })
}

/// The colour of the next stone: Black after an even number of stones.
fn next_colour(board: &Board) -> Color {
    if board.stone_count() % 2 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The next opening stone. RIF and Yamaguchi's 4th move (no swap follows): the best move.
/// Soosõrv-8's 4th move (a swap follows): the move and number of offers (1..=8) that leave
/// Black's value (the worst of its best offers) closest to even. Taraguchi-10's moves 2–5
/// (a swap follows each): the most balanced move inside the rule's central square.
pub fn next_move(
    engine: &Engine,
    board: &Board,
    rule: OpeningRule,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<MoveChoice, OpeningError> {
    rule.check_phase(Phase::Move, board)?;
    let mover = next_colour(board);
    match rule {
        OpeningRule::Rif | OpeningRule::Yamaguchi => {
            let mut clock = Clock::new(engine, stop, budget, 1);
            let j = clock.judge(board, mover, Vec::new());
            let point = j.best.ok_or(OpeningError::NoMove)?;
            Ok(MoveChoice {
                point,
                offers: None,
                score: j.score,
            })
        }
        OpeningRule::Soosorv8 => soosorv_fourth(engine, board, budget, stop),
        OpeningRule::Taraguchi10 => {
            let side = rule.area(board.stone_count() + 1);
            let points: Vec<Point> = legal_points(board, mover)
                .into_iter()
                .filter(|&p| side.map_or(true, |s| in_central_square(p, board.size(), s)))
                .collect();
            let candidates = distinct_under_symmetry(board, &points);
            let mut clock = Clock::new(engine, stop, budget, 1);
            let (point, score) =
                most_balanced(&mut clock, board, mover, &candidates).ok_or(OpeningError::NoMove)?;
            Ok(MoveChoice {
                point,
                offers: None,
                score,
            })
        }
    }
}

/// Empty points `colour` may play (Black: not forbidden), in board order.
fn legal_points(board: &Board, colour: Color) -> Vec<Point> {
    board
        .empty_points()
        .iter()
        .map(|i| board.point(i))
        .filter(|&p| colour == Color::White || board.foul(p).is_none())
        .collect()
}

/// Of `candidates` for `mover`, the one whose value is closest to even: a depth-1 sift of
/// all, then a full share of the time for the [`SHORTLIST`] most balanced.
fn most_balanced(
    clock: &mut Clock,
    board: &Board,
    mover: Color,
    candidates: &[Point],
) -> Option<(Point, i32)> {
    let mut sift = clock.part(1, 4, candidates.len(), Some(1));
    let mut valued: Vec<(Point, i32)> = candidates
        .iter()
        .map(|&m| (m, sift.value_after(board, m, mover)))
        .collect();
    valued.sort_by_key(|&(_, v)| v.abs());
    valued.truncate(SHORTLIST);
    clock.plan(valued.len());
    for entry in valued.iter_mut() {
        entry.1 = clock.value_after(board, entry.0, mover);
    }
    valued.into_iter().min_by_key(|&(_, v)| v.abs())
}

/// Soosõrv-8's 4th move with its number of offers.
fn soosorv_fourth(
    engine: &Engine,
    board: &Board,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<MoveChoice, OpeningError> {
    const MAX: usize = 8;
    let mut clock = Clock::new(engine, stop, budget, 1);
    let near = Position::new(board.clone(), Color::White).candidates();
    let candidates = distinct_under_symmetry(board, &near);
    if candidates.is_empty() {
        return Err(OpeningError::NoMove);
    }
    // Black's value after each 4th move, quickly. A move after which Black is behind cannot
    // be evened by offers (they only help White): keep the smallest non-negative values,
    // then the least negative.
    let mut sift = clock.part(1, 5, candidates.len(), Some(1));
    let mut valued: Vec<(Point, i32)> = candidates
        .iter()
        .map(|&m| (m, -sift.value_after(board, m, Color::White)))
        .collect();
    valued.sort_by_key(|&(_, black)| if black >= 0 { (0, black) } else { (1, -black) });
    valued.truncate(SOOSORV_CANDIDATES);
    clock.plan(valued.len() * MAX);
    let mut best: Option<MoveChoice> = None;
    for (m, _) in valued {
        let mut after = board.clone();
        if after.put(m, Color::White).is_err() {
            continue;
        }
        let fifths = best_fifths(&mut clock, &after, MAX);
        for n in 1..=MAX {
            let Some(black) = worst_of(&fifths, n) else {
                break;
            };
            if best.map_or(true, |b| black.abs() < b.score.abs()) {
                best = Some(MoveChoice {
                    point: m,
                    offers: Some(n),
                    score: -black,
                });
            }
        }
    }
    best.ok_or(OpeningError::NoMove)
}

/// Black's value when White picks the worst of the first `n` offers (`None` with fewer).
fn worst_of(fifths: &[(Point, i32)], n: usize) -> Option<i32> {
    if fifths.len() < n || n == 0 {
        return None;
    }
    fifths[..n].iter().map(|&(_, v)| v).min()
}

/// Black's best `n` pairwise non-symmetric, legal 5th moves with their values for Black,
/// best first, by successive searches excluding what was found (and its symmetric images).
/// Fewer only when the board has fewer such points.
fn best_fifths(clock: &mut Clock, board: &Board, n: usize) -> Vec<(Point, i32)> {
    let syms = symmetries_of(board);
    let size = board.size();
    let mut found: Vec<(Point, i32)> = Vec::with_capacity(n);
    let mut exclude: Vec<Point> = Vec::new();
    let images = |p: Point| syms.iter().filter_map(move |s| s.apply(p, size));
    clock.plan(n);
    while found.len() < n {
        let j = clock.judge(board, Color::Black, exclude.clone());
        match j.best {
            Some(p) if !exclude.contains(&p) && board.stone(p).is_none() => {
                exclude.extend(images(p));
                if board.foul(p).is_none() {
                    found.push((p, j.score));
                }
            }
            _ => break,
        }
    }
    // The search looks only near the stones: fill from the rest of the board, nearest the
    // centre first, valued as the worst found.
    if found.len() < n {
        let floor = found.iter().map(|&(_, v)| v).min().unwrap_or(0);
        let c = (size / 2) as i32;
        let mut rest: Vec<Point> = legal_points(board, Color::Black)
            .into_iter()
            .filter(|p| !exclude.contains(p))
            .collect();
        rest.sort_by_key(|p| (p.x as i32 - c).abs().max((p.y as i32 - c).abs()));
        for p in distinct_under_symmetry(board, &rest) {
            if found.len() == n {
                break;
            }
            found.push((p, floor));
        }
    }
    found
}

/// Black's `n` 5th-move offers: the `n` best 5th moves by search, pairwise non-symmetric
/// and none forbidden (White will take the worst of them, so the best `n` are what Black
/// wants to show).
pub fn offer_fifth(
    engine: &Engine,
    board: &Board,
    rule: OpeningRule,
    n: usize,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<Vec<Point>, OpeningError> {
    rule.check_phase(Phase::Offer, board)?;
    if !rule.offer_counts().contains(&n) {
        return Err(OpeningError::OfferCount { rule, count: n });
    }
    let available = distinct_under_symmetry(board, &legal_points(board, Color::Black)).len();
    if available < n {
        return Err(OpeningError::TooFewPoints {
            wanted: n,
            found: available,
        });
    }
    let mut clock = Clock::new(engine, stop, budget, n);
    let offers: Vec<Point> = best_fifths(&mut clock, board, n)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    rule.check_offers(board, &offers)?;
    Ok(offers)
}

/// White's pick among Black's offered 5th moves: the one worst for Black by search.
/// The offers must be valid for the rule ([`OpeningRule::check_offers`]).
pub fn choose_fifth(
    engine: &Engine,
    board: &Board,
    rule: OpeningRule,
    offers: &[Point],
    budget: Duration,
    stop: &AtomicBool,
) -> Result<Point, OpeningError> {
    rule.check_phase(Phase::Choose, board)?;
    rule.check_offers(board, offers)?;
    let mut clock = Clock::new(engine, stop, budget, offers.len());
    offers
        .iter()
        .map(|&p| (p, clock.value_after(board, p, Color::Black)))
        .min_by_key(|&(_, black)| black)
        .map(|(p, _)| p)
        .ok_or(OpeningError::NoMove)
}

/// The result of one search, made safe to compare.
struct Judged {
    best: Option<Point>,
    /// For the side to move.
    score: i32,
}

/// One decision's time, shared out among the searches it plans.
struct Clock<'a> {
    engine: &'a Engine,
    stop: &'a AtomicBool,
    end: Instant,
    /// Searches still planned.
    left: usize,
    depth: Option<i32>,
}

impl<'a> Clock<'a> {
    fn new(engine: &'a Engine, stop: &'a AtomicBool, budget: Duration, searches: usize) -> Self {
        let now = Instant::now();
        Clock {
            engine,
            stop,
            end: now.checked_add(budget.min(MAX_BUDGET)).unwrap_or(now),
            left: searches,
            depth: None,
        }
    }

    /// Time still left.
    fn remaining(&self) -> Duration {
        self.end.saturating_duration_since(Instant::now())
    }

    /// The next `searches` share what is left.
    fn plan(&mut self, searches: usize) {
        self.left = searches;
    }

    /// A clock for `num/den` of the time left, for `searches` searches of at most `depth`.
    fn part(&self, num: u32, den: u32, searches: usize, depth: Option<i32>) -> Clock<'a> {
        Clock {
            engine: self.engine,
            stop: self.stop,
            end: Instant::now() + self.remaining() * num / den.max(1),
            left: searches,
            depth,
        }
    }

    /// Limits for the next search: an equal share of the time left.
    fn limits(&mut self, exclude: Vec<Point>) -> Limits {
        let searches = u32::try_from(self.left.max(1)).unwrap_or(u32::MAX);
        let share = (self.remaining() / searches).max(MIN_SHARE);
        self.left = self.left.saturating_sub(1);
        Limits {
            depth: self.depth,
            exclude,
            ..Limits::time(share, share)
        }
    }

    /// Searches `board` for `to_move`; the static evaluation when the search was cut off
    /// before its first iteration.
    fn judge(&mut self, board: &Board, to_move: Color, exclude: Vec<Point>) -> Judged {
        let limits = self.limits(exclude);
        let r = self
            .engine
            .search(board, to_move, &limits, self.stop, &mut |_| {});
        let score = if r.depth == 0 && r.mate.is_none() {
            evaluate(&Position::with_weights(
                board.clone(),
                to_move,
                *self.engine.weights(),
            ))
        } else {
            r.score
        };
        Judged {
            best: r.best,
            score,
        }
    }

    /// The value for `mover` of playing `m` (minus the opponent's score after it).
    fn value_after(&mut self, board: &Board, m: Point, mover: Color) -> i32 {
        let mut after = board.clone();
        if after.put(m, mover).is_err() {
            return -super::WIN;
        }
        -self.judge(&after, !mover, Vec::new()).score
    }
}
