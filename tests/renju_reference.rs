//! The fast rules core against the slow referee written from the rule text, on random
//! dense positions: the whole forbidden map of every position must agree.

mod common;

use common::{random_grid, Grid};
use tengen::core::SplitMix64;
use tengen::renju::Rule;

/// Compares `count` random positions on a `size` board; panics with the first difference.
fn compare(seed: u64, size: usize, count: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut fouls = 0;
    for n in 0..count {
        let mut grid = random_grid(&mut rng, size);
        let board = grid.to_board(Rule::Renju);
        let fast = board.forbidden_map();
        let slow = grid.forbidden_map();
        assert_eq!(
            fast,
            slow,
            "position {n} (seed {seed}) differs:\n{}",
            grid.to_board_string()
        );
        fouls += fast.len();
    }
    fouls
}

// 100,000 positions in all, in four tests so that they run in parallel.

#[test]
fn agrees_with_reference_on_15x15_a() {
    let fouls = compare(1, 15, 30_000);
    assert!(fouls > 10_000, "too few fouls to mean anything: {fouls}");
}

#[test]
fn agrees_with_reference_on_15x15_b() {
    let fouls = compare(2, 15, 30_000);
    assert!(fouls > 10_000, "too few fouls to mean anything: {fouls}");
}

#[test]
fn agrees_with_reference_on_15x15_c() {
    compare(3, 15, 30_000);
}

#[test]
fn agrees_with_reference_on_other_sizes() {
    for (seed, size) in [(4, 5), (5, 6), (6, 9), (7, 20), (8, 22)] {
        compare(seed, size, 2_000);
    }
}

/// Every kind of foul, and real double-three recursion, must be exercised.
#[test]
fn random_positions_exercise_every_foul_kind() {
    use tengen::renju::Foul;
    let mut rng = SplitMix64::new(9);
    let mut seen = [0usize; 3];
    for _ in 0..3_000 {
        let grid: Grid = random_grid(&mut rng, 15);
        for (_, f) in grid.to_board(Rule::Renju).forbidden_map() {
            seen[match f {
                Foul::Overline => 0,
                Foul::DoubleFour => 1,
                Foul::DoubleThree => 2,
            }] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

/// Wins, four counts and threes for both colours under every rule, against a naive count
/// on the grid: exercises the White-perspective codes and the at-least-five tables.
#[test]
fn fives_fours_and_threes_for_both_colours_under_every_rule() {
    use tengen::core::{Color, Point};
    use tengen::renju::FiveRule;
    const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let mut rng = SplitMix64::new(10);
    for _ in 0..400 {
        let mut grid = random_grid(&mut rng, 15);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let board = grid.to_board(rule);
            for color in [Color::Black, Color::White] {
                let v = if color == Color::Black {
                    common::BLACK
                } else {
                    common::WHITE
                };
                let fives: FiveRule = rule.five_rule(color);
                for i in 0..225i32 {
                    let (x, y) = (i % 15, i / 15);
                    if grid.get(x, y) != Some(common::EMPTY) {
                        continue;
                    }
                    let p = Point::new(x as u8, y as u8);
                    grid.set(x, y, v);
                    let mut five = false;
                    let mut fours = 0u8;
                    let mut threes = 0u8;
                    for d in DIRS {
                        let (lo, hi) = grid.span(x, y, d, v);
                        five |= fives.is_five((hi - lo + 1) as usize);
                        // Does a stone t steps along d complete a five through p?
                        let completes = |grid: &mut Grid, t: i32| {
                            let (qx, qy) = (x + t * d.0, y + t * d.1);
                            if grid.get(qx, qy) != Some(common::EMPTY) {
                                return false;
                            }
                            grid.set(qx, qy, v);
                            let (a, b) = grid.span(qx, qy, d, v);
                            grid.set(qx, qy, common::EMPTY);
                            a + t <= 0 && 0 <= b + t && fives.is_five((b - a + 1) as usize)
                        };
                        // Fours: completion points, less one for a straight four (a run
                        // of exactly four with both ends among them).
                        let n = (-4..=4)
                            .filter(|&t| t != 0 && completes(&mut grid, t))
                            .count() as u8;
                        let straight = hi - lo == 3
                            && completes(&mut grid, lo - 1)
                            && completes(&mut grid, hi + 1);
                        fours += (n - u8::from(straight)).min(3);
                        // A three: an empty point making such a straight four through p.
                        let three = (-3..=3).filter(|&t| t != 0).any(|t| {
                            let (qx, qy) = (x + t * d.0, y + t * d.1);
                            if grid.get(qx, qy) != Some(common::EMPTY) {
                                return false;
                            }
                            grid.set(qx, qy, v);
                            let (a, b) = grid.span(x, y, d, v);
                            let sf = b - a == 3
                                && (a..=b).contains(&t)
                                && completes(&mut grid, a - 1)
                                && completes(&mut grid, b + 1);
                            grid.set(qx, qy, common::EMPTY);
                            sf
                        });
                        threes += u8::from(three);
                    }
                    grid.set(x, y, common::EMPTY);
                    assert_eq!(board.makes_five(p, color), five, "{rule} {color} {p:?}");
                    if !five && !board.patterns(p, color).iter().any(|l| l.is_overline()) {
                        assert_eq!(board.four_count(p, color), fours, "{rule} {color} {p:?}");
                        assert_eq!(board.three_count(p, color), threes, "{rule} {color} {p:?}");
                    }
                }
            }
        }
    }
}
