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
            if let Some(depth) = vcf_depth(&mut b, me, max_depth, true) {
                if depth >= 2 {
                    let through_forbidden = rule == Rule::Renju
                        && me == Color::White
                        && vcf_depth(&mut b, me, max_depth, false).is_none();
                    let forbidden_four_nearby = rule == Rule::Renju
                        && me == Color::Black
                        && all_points(&b).any(|q| {
                            b.stone(q).is_none() && b.foul(q).is_some() && b.four_count(q, me) > 0
                        });
                    let puzzle = Puzzle {
                        board: b.clone(),
                        to_move: me,
                        depth,
                        through_forbidden,
                        forbidden_four_nearby,
                    };
                    if keep(&puzzle) {
                        out.push(puzzle);
                    }
                }
                break;
            }
        }
    }
    out
}
