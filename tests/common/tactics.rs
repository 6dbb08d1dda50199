//! A tactics suite made from a seed: positions from quick random games where the side to
//! move has a forced win by continuous fours (VCF), proven by a brute-force solver that
//! tries every empty point as a four — no candidate lists, no pattern classes, only
//! "after this stone, where would a stone make five?".

use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::{Board, Rule};

/// A position with a proven VCF for `to_move`, at best `depth` fours (the five excluded).
#[derive(Clone)]
pub struct Puzzle {
    pub board: Board,
    pub to_move: Color,
    pub depth: u32,
    /// White's win needs Black to be forced onto a forbidden point.
    pub through_forbidden: bool,
    /// Black has a four-making point that is forbidden to him.
    pub forbidden_four_nearby: bool,
}

fn all_points(b: &Board) -> impl Iterator<Item = Point> + '_ {
    (0..b.size() * b.size()).map(|i| b.point(i))
}

/// Every empty point where `c` would make five.
pub fn five_points(b: &Board, c: Color) -> Vec<Point> {
    all_points(b)
        .filter(|&p| b.stone(p).is_none() && b.makes_five(p, c))
        .collect()
}

/// Five points of `c` on the lines through `p`, within four points of it.
fn five_points_near(b: &Board, c: Color, p: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for k in (-4i32..=4).filter(|&k| k != 0) {
            let (x, y) = (p.x as i32 + dx * k, p.y as i32 + dy * k);
            let q = Point::new(x as u8, y as u8);
            if x >= 0 && y >= 0 && b.contains(q) && b.stone(q).is_none() && b.makes_five(q, c) {
                out.push(q);
            }
        }
    }
    out
}

fn legal(b: &Board, p: Point, c: Color) -> bool {
    b.stone(p).is_none() && (c == Color::White || b.foul(p).is_none())
}

/// Can `me` (to move) win by fours alone with at most `depth` fours before the five?
/// `forbidden_wins`: a defender forced onto a forbidden point loses.
pub fn naive_vcf(b: &mut Board, me: Color, depth: u32, forbidden_wins: bool) -> bool {
    if !five_points(b, me).is_empty() {
        return true;
    }
    let threats = five_points(b, !me);
    if depth == 0 || threats.len() >= 2 {
        return false;
    }
    let tries: Vec<Point> = if threats.len() == 1 {
        threats
    } else {
        all_points(b).collect()
    };
    tries
        .into_iter()
        .any(|p| four_wins(b, me, p, depth, forbidden_wins))
}

/// Does the four `me` makes on `p` win by fours, within `depth` fours counting this one?
pub fn four_wins(b: &mut Board, me: Color, p: Point, depth: u32, forbidden_wins: bool) -> bool {
    if depth == 0 || !legal(b, p, me) {
        return false;
    }
    b.put(p, me).unwrap();
    let fives = five_points_near(b, me, p);
    let won = match fives.as_slice() {
        [] => false,
        [q] => {
            let q = *q;
            if !legal(b, q, !me) {
                forbidden_wins
            } else {
                b.put(q, !me).unwrap();
                let won = naive_vcf(b, me, depth - 1, forbidden_wins);
                b.undo();
                won
            }
        }
        _ => true,
    };
    b.undo();
    won
}

/// The least number of fours (up to `max_depth`) `me` needs to win, if any.
pub fn vcf_depth(b: &mut Board, me: Color, max_depth: u32, forbidden_wins: bool) -> Option<u32> {
    (1..=max_depth).find(|&d| naive_vcf(b, me, d, forbidden_wins))
}

/// `count` VCF puzzles under `rule` from random games seeded with `seed`: no five on the
/// board or available to either side, and a win needing 2 to `max_depth` fours.
pub fn vcf_puzzles(seed: u64, rule: Rule, count: usize, max_depth: u32) -> Vec<Puzzle> {
    vcf_puzzles_where(seed, rule, count, max_depth, |_| true)
}

/// As [`vcf_puzzles`], keeping only the puzzles `keep` accepts.
pub fn vcf_puzzles_where(
    seed: u64,
    rule: Rule,
    count: usize,
    max_depth: u32,
    keep: impl Fn(&Puzzle) -> bool,
) -> Vec<Puzzle> {
    from_random_games(seed, rule, count, |b, me| {
        let depth = vcf_depth(b, me, max_depth, true)?;
        if depth < 2 {
            return Some(None);
        }
        let through_forbidden = rule == Rule::Renju
            && me == Color::White
            && vcf_depth(b, me, max_depth, false).is_none();
        let forbidden_four_nearby = rule == Rule::Renju
            && me == Color::Black
            && all_points(b)
                .any(|q| b.stone(q).is_none() && b.foul(q).is_some() && b.four_count(q, me) > 0);
        let puzzle = Puzzle {
            board: b.clone(),
            to_move: me,
            depth,
            through_forbidden,
            forbidden_four_nearby,
        };
        Some(keep(&puzzle).then_some(puzzle))
    })
}

/// `count` items drawn from quick random games seeded with `seed`. After each move (once
/// there are 10 stones, and while no five is on the board or available to either side),
/// `judge` looks at the position with the side to move: `None` plays on, `Some(None)`
/// ends the game with nothing kept (the position is decided some other way), `Some(x)`
/// keeps `x` and ends the game — one item per game keeps the items unrelated.
fn from_random_games<T>(
    seed: u64,
    rule: Rule,
    count: usize,
    mut judge: impl FnMut(&mut Board, Color) -> Option<Option<T>>,
) -> Vec<T> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(15, rule).unwrap();
        b.put(Point::new(7, 7), Color::Black).unwrap();
        for _ in 0..80 {
            let me = b.side_to_move();
            // A random move next to the last few stones keeps games dense, as real ones are.
            let &(last, _) = b.history().last().unwrap();
            let p = Point::new(
                (last.x as i64 + rng.below(5) as i64 - 2).clamp(0, 14) as u8,
                (last.y as i64 + rng.below(5) as i64 - 2).clamp(0, 14) as u8,
            );
            if !legal(&b, p, me) || b.makes_five(p, me) {
                continue;
            }
            b.put(p, me).unwrap();
            let me = b.side_to_move();
            if !five_points(&b, me).is_empty() || !five_points(&b, !me).is_empty() {
                break;
            }
            if b.stone_count() < 10 {
                continue;
            }
            if let Some(kept) = judge(&mut b, me) {
                out.extend(kept);
                break;
            }
        }
    }
    out
}

/// How many threats an attacker may still spend on a VCT.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub threes: u32,
    pub fours: u32,
}

/// A position with a proven VCT for `to_move` within `budget`, and no VCF within its fours.
#[derive(Clone)]
pub struct VctPuzzle {
    pub board: Board,
    pub to_move: Color,
    pub budget: Budget,
}

/// Points on the four lines through `p`, within four points of it, on the board.
fn line_neighbours(b: &Board, p: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for k in (-4i32..=4).filter(|&k| k != 0) {
            let (x, y) = (p.x as i32 + dx * k, p.y as i32 + dy * k);
            if x >= 0 && y >= 0 && b.contains(Point::new(x as u8, y as u8)) {
                out.push(Point::new(x as u8, y as u8));
            }
        }
    }
    out
}

/// Among `tries`, the empty points where a legal `c` stone would make a straight four
/// (two or more five points). Only complete while `c` has no five point on the board: then
/// every five point after the stone lies on one of its lines, near it.
fn straight_four_points(b: &mut Board, c: Color, tries: &[Point]) -> Vec<Point> {
    tries
        .iter()
        .copied()
        .filter(|&s| b.stone(s).is_none() && makes_straight_four(b, c, s))
        .collect()
}

fn makes_straight_four(b: &mut Board, c: Color, s: Point) -> bool {
    b.put(s, c).unwrap();
    let fives = five_points_near(b, c, s).len();
    b.undo();
    // Legality last: for Black it is the costly recursive foul check.
    fives >= 2 && legal(b, s, c)
}

/// Can `me` (to move) force a five by threats alone — fours (the defender must take the
/// one five point) and threes (afterwards `me` has a straight-four point) — spending at
/// most `budget`? Every defence to a three is tried (full width); a defender's counter-four
/// must be blocked, at no cost, by a move that leaves `me` a four or a three.
/// `forbidden_wins`: a defender forced onto a point forbidden to him loses.
pub fn naive_vct(b: &mut Board, me: Color, budget: Budget, forbidden_wins: bool) -> bool {
    if !five_points(b, me).is_empty() {
        return true;
    }
    let threats = five_points(b, !me);
    match threats.as_slice() {
        [] => {
            let tries: Vec<Point> = all_points(b).collect();
            tries
                .into_iter()
                .any(|p| threat_wins(b, me, p, budget, false, forbidden_wins))
        }
        [t] => threat_wins(b, me, *t, budget, true, forbidden_wins),
        _ => false,
    }
}

/// Does `me`'s stone on `p`, a four or a three, win within `budget`? `free`: the stone is
/// the forced block of a counter-four and costs nothing. The defender must have no five
/// point once `p` is on the board.
pub fn threat_wins(
    b: &mut Board,
    me: Color,
    p: Point,
    budget: Budget,
    free: bool,
    forbidden_wins: bool,
) -> bool {
    if !legal(b, p, me) {
        return false;
    }
    b.put(p, me).unwrap();
    let won = threat_stone_wins(b, me, p, budget, free, forbidden_wins);
    b.undo();
    won
}

fn threat_stone_wins(
    b: &mut Board,
    me: Color,
    p: Point,
    budget: Budget,
    free: bool,
    forbidden_wins: bool,
) -> bool {
    // `me` had no five point before `p` (else it would have won), so any is next to `p`.
    let fives = five_points_near(b, me, p);
    match fives.as_slice() {
        [] => {
            let Some(left) = spend(budget, Threat::Three, free) else {
                return false;
            };
            // A new three's straight-four points lie near it; a block may instead keep an
            // older three standing, whose points can be anywhere.
            let tries: Vec<Point> = match free {
                false => line_neighbours(b, p),
                true => all_points(b).collect(),
            };
            let straight = straight_four_points(b, me, &tries);
            !straight.is_empty() && three_answered(b, me, &straight, left, forbidden_wins)
        }
        [q] => match spend(budget, Threat::Four, free) {
            Some(left) => four_answered(b, me, *q, left, forbidden_wins),
            None => false,
        },
        _ => true,
    }
}

enum Threat {
    Three,
    Four,
}

/// The budget left after a threat, if it can be afforded.
fn spend(budget: Budget, threat: Threat, free: bool) -> Option<Budget> {
    match (free, threat) {
        (true, _) => Some(budget),
        (false, Threat::Three) => budget
            .threes
            .checked_sub(1)
            .map(|threes| Budget { threes, ..budget }),
        (false, Threat::Four) => budget
            .fours
            .checked_sub(1)
            .map(|fours| Budget { fours, ..budget }),
    }
}

/// `me` has a four with the five point `q`: the defender must take it.
fn four_answered(b: &mut Board, me: Color, q: Point, left: Budget, forbidden_wins: bool) -> bool {
    if !legal(b, q, !me) {
        return forbidden_wins;
    }
    b.put(q, !me).unwrap();
    let won = naive_vct(b, me, left, forbidden_wins);
    b.undo();
    won
}

/// `me` has a three with the straight-four points `straight`: does every defence lose?
fn three_answered(
    b: &mut Board,
    me: Color,
    straight: &[Point],
    left: Budget,
    forbidden_wins: bool,
) -> bool {
    // A pass is no defence: it leaves the straight-four points standing.
    let defender = !me;
    let replies: Vec<Point> = all_points(b).filter(|&d| b.stone(d).is_none()).collect();
    replies.into_iter().all(|d| {
        b.put(d, defender).unwrap();
        let refuted = straight_stands(b, me, straight);
        b.undo();
        // A reply refuted at once needs no legality check, costly for Black.
        if refuted || !legal(b, d, defender) {
            return true;
        }
        b.put(d, defender).unwrap();
        let lost = naive_vct(b, me, left, forbidden_wins);
        b.undo();
        lost
    })
}

/// After the defender's reply, `me` to move: does one of `straight` still make a straight
/// four, with the defender holding no five point? Then `me` wins at once. (The defender
/// had no five point before his reply, so any he has now is next to his last stone.)
fn straight_stands(b: &mut Board, me: Color, straight: &[Point]) -> bool {
    let counter_four = b
        .history()
        .last()
        .is_some_and(|&(d, c)| c == !me && !five_points_near(b, !me, d).is_empty());
    !counter_four
        && straight
            .iter()
            .any(|&s| b.stone(s).is_none() && makes_straight_four(b, me, s))
}

/// The fewest threes (up to `max.threes`, with `max.fours` fours) `me` needs for a VCT.
pub fn vct_threes(b: &mut Board, me: Color, max: Budget, forbidden_wins: bool) -> Option<u32> {
    (1..=max.threes).find(|&threes| naive_vct(b, me, Budget { threes, ..max }, forbidden_wins))
}

/// `count` VCT puzzles under `rule` from random games seeded with `seed`: the side to
/// move wins by threats within `max`, needing at least one three (no VCF within
/// `max.fours` fours).
pub fn vct_puzzles(seed: u64, rule: Rule, count: usize, max: Budget) -> Vec<VctPuzzle> {
    from_random_games(seed, rule, count, |b, me| {
        if naive_vcf(b, me, max.fours, true) {
            return Some(None);
        }
        let threes = vct_threes(b, me, max, true)?;
        Some(Some(VctPuzzle {
            board: b.clone(),
            to_move: me,
            budget: Budget { threes, ..max },
        }))
    })
}
