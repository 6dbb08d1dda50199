//! Hot paths of the renju rules core: place + undo, the full forbidden map of midgame
//! positions, and pattern lookups.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::{Board, FiveRule, LinePattern, Rule};

/// A fixed set of renju positions with 40 to 60 stones: random games kept within the
/// central 11x11, with no five and no forbidden Black move.
fn midgame_positions() -> Vec<Board> {
    let mut rng = SplitMix64::new(2026);
    let mut out = Vec::new();
    while out.len() < 32 {
        let target = 40 + rng.below(21) as usize;
        let mut b = Board::new(15, Rule::Renju).unwrap();
        let mut tries = 0;
        while b.stone_count() < target && tries < 10_000 {
            tries += 1;
            let p = Point::new(2 + rng.below(11) as u8, 2 + rng.below(11) as u8);
            let c = b.side_to_move();
            if b.stone(p).is_some()
                || b.makes_five(p, c)
                || (c == Color::Black && b.foul(p).is_some())
            {
                continue;
            }
            b.put(p, c).unwrap();
        }
        if b.stone_count() == target {
            out.push(b);
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let positions = midgame_positions();

    let mut board = positions[0].clone();
    let empties: Vec<Point> = board
        .empty_points()
        .iter()
        .map(|i| board.point(i))
        .collect();
    c.bench_function("place+undo", |bench| {
        let mut k = 0;
        bench.iter(|| {
            let p = empties[k % empties.len()];
            k += 1;
            board.put(black_box(p), Color::Black).unwrap();
            board.undo()
        })
    });

    c.bench_function("forbidden map (32 positions, per position)", |bench| {
        let mut k = 0;
        bench.iter(|| {
            k += 1;
            black_box(positions[k % positions.len()].forbidden_map())
        })
    });

    // The slow referee from the rule text, on the same positions: the ratio in one run.
    let grids: Vec<common::Grid> = positions.iter().map(common::Grid::from_board).collect();
    c.bench_function("forbidden map, reference referee (per position)", |bench| {
        let mut k = 0;
        bench.iter(|| {
            k += 1;
            let mut g = grids[k % grids.len()].clone();
            black_box(g.forbidden_map())
        })
    });

    let codes: Vec<u32> = positions
        .iter()
        .flat_map(|b| {
            b.empty_points()
                .iter()
                .flat_map(move |i| (0..4).map(move |d| b.line_code(b.point(i), d)))
                .collect::<Vec<_>>()
        })
        .collect();
    c.bench_function("pattern lookup (per code)", |bench| {
        let mut k = 0;
        bench.iter(|| {
            k += 1;
            black_box(LinePattern::of(codes[k % codes.len()], FiveRule::Exact))
        })
    });
}

criterion_group! {
    name = renju;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = benches
}
criterion_main!(renju);
