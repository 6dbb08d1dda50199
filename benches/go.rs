//! Hot path of the Go rules core: uniformly random playouts from the empty board, each
//! copied from the root into a reused scratch position and scored, as a search runs them.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use tengen::core::{Color, SplitMix64};
use tengen::go::{area_score, BoardSize, Position};

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("go playout");
    group.throughput(Throughput::Elements(1));
    for n in [9, 19] {
        let root = Position::new(BoardSize::new(n).unwrap());
        let mut scratch = root.clone();
        let mut rng = SplitMix64::new(n as u64);
        group.bench_function(format!("{n}x{n}"), |bench| {
            bench.iter(|| {
                scratch.clone_from(&root);
                scratch.playout(Color::Black, &mut rng);
                black_box(area_score(&scratch))
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = go;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    targets = benches
}
criterion_main!(go);
