//! Hot paths of the renju engine: the VCF solver on the tactics suite, and time to a fixed
//! depth (with nodes per second) on middle-game positions.

#[path = "../tests/common/mod.rs"]
mod common;

use common::tactics::vcf_puzzles;
use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tengen::renju::opening::OPENINGS;
use tengen::renju::search::{Engine, Limits, Mode, Position, ThreatSearch};
use tengen::renju::{Board, Rule};

/// Middle-game positions: each standard opening continued for 12 moves by depth-2 play.
fn midgame_positions() -> Vec<Board> {
    let engine = Engine::new(4, 1);
    let stop = AtomicBool::new(false);
    OPENINGS
        .iter()
        .step_by(3)
        .map(|o| {
            let mut b = Board::new(15, Rule::Renju).unwrap();
            for (k, p) in o.stones(15).into_iter().enumerate() {
                let c = if k % 2 == 0 {
                    tengen::core::Color::Black
                } else {
                    tengen::core::Color::White
                };
                b.put(p, c).unwrap();
            }
            for _ in 0..12 {
                let me = b.side_to_move();
                let r = engine.search(&b, me, &Limits::depth(2), &stop, &mut |_| {});
                b.put(r.best.unwrap(), me).unwrap();
            }
            b
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let mut puzzles = vcf_puzzles(11, Rule::Freestyle, 24, 5);
    puzzles.extend(vcf_puzzles(12, Rule::Renju, 24, 5));
    c.bench_function("vcf_suite_48_puzzles", |bench| {
        bench.iter(|| {
            let mut solved = 0;
            for p in &puzzles {
                let mut pos = Position::new(p.board.clone(), p.to_move);
                let mut ts = ThreatSearch::new(&stop);
                solved += usize::from(ts.find(&mut pos, Mode::Vcf, 12, 1_000_000).is_some());
            }
            assert_eq!(solved, puzzles.len());
        })
    });

    let positions = midgame_positions();
    for depth in [4, 6] {
        let engine = Engine::new(16, 1);
        // Nodes per second over one pass, printed once for the report.
        let start = Instant::now();
        let mut nodes = 0;
        for b in &positions {
            engine.clear_table();
            let r = engine.search(
                b,
                b.side_to_move(),
                &Limits::depth(depth),
                &stop,
                &mut |_| {},
            );
            nodes += r.nodes;
        }
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "depth {depth}: {} positions, {nodes} nodes in {secs:.2} s = {:.0} nodes/s",
            positions.len(),
            nodes as f64 / secs
        );
        c.bench_function(
            &format!("time_to_depth_{depth}_{}_positions", positions.len()),
            |bench| {
                bench.iter(|| {
                    for b in &positions {
                        engine.clear_table();
                        engine.search(
                            b,
                            b.side_to_move(),
                            &Limits::depth(depth),
                            &stop,
                            &mut |_| {},
                        );
                    }
                })
            },
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
