//! The Go search from the empty board, one thread, a fixed number of playouts: playouts
//! per second with the full playout knowledge, and (printed once) the tree's memory per
//! playout.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen::core::Color;
use tengen::go::search::{Engine, Limits, SearchConfig};
use tengen::go::{BoardSize, Game, Rules};

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("go search");
    group.sample_size(10);
    for (n, playouts) in [(9, 4000u64), (19, 1000)] {
        let game = Game::new(BoardSize::new(n).unwrap(), Rules::chinese());
        let limits = Limits {
            playouts: Some(playouts),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let run = |engine: &mut Engine| {
            engine.clear();
            engine.search(&game, Color::Black, &limits, &stop, &mut |_| {}, None)
        };
        // Memory is measured on a longer search: the first thousands of playouts only
        // fill the root's children.
        let mut engine = Engine::new(SearchConfig::default());
        let long = Limits {
            playouts: Some(10 * playouts),
            ..Limits::default()
        };
        engine.search(&game, Color::Black, &long, &stop, &mut |_| {}, None);
        eprintln!(
            "{n}x{n}: {} bytes of tree per playout over {} playouts",
            engine.tree_bytes() as u64 / (10 * playouts),
            10 * playouts
        );
        group.throughput(Throughput::Elements(playouts));
        group.bench_function(format!("{n}x{n} {playouts} playouts"), |b| {
            b.iter(|| run(&mut engine))
        });
    }
    group.finish();
}

criterion_group! {
    name = go_search;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    targets = search
}
criterion_main!(go_search);
