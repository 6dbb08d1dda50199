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
