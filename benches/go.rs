//! Hot path of the Go rules core: uniformly random playouts from the empty board, each
//! copied from the root into a reused scratch position and scored, as a search runs them.
//!
//! Measured twice: by wall-clock time (criterion's default) and, on Unix, by the thread's
//! CPU time, which time spent waiting for a core does not inflate when other work shares
//! the machine.

use criterion::measurement::Measurement;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use tengen::core::{Color, SplitMix64};
use tengen::go::{area_score, BoardSize, Position};

fn playouts<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let mut group = c.benchmark_group(name);
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

fn wall_time(c: &mut Criterion) {
    playouts(c, "go playout");
}

#[cfg(unix)]
mod cpu_time {
    use criterion::measurement::{Measurement, ValueFormatter, WallTime};

    /// The CPU time of the measuring thread, in nanoseconds, shown as criterion shows time.
    pub struct ThreadCpuTime(pub WallTime);

    fn now() -> u64 {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the call to fill in.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
    }

    impl Measurement for ThreadCpuTime {
        type Intermediate = u64;
        type Value = u64;

        fn start(&self) -> u64 {
            now()
        }
        fn end(&self, start: u64) -> u64 {
            now() - start
        }
        fn add(&self, a: &u64, b: &u64) -> u64 {
            a + b
        }
        fn zero(&self) -> u64 {
            0
        }
        fn to_f64(&self, value: &u64) -> f64 {
            *value as f64
        }
        fn formatter(&self) -> &dyn ValueFormatter {
            self.0.formatter()
        }
    }
}

#[cfg(unix)]
fn cpu_time(c: &mut Criterion<cpu_time::ThreadCpuTime>) {
    playouts(c, "go playout (thread CPU time)");
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
}

criterion_group! {
    name = go;
    config = config();
    targets = wall_time
}

#[cfg(unix)]
criterion_group! {
    name = go_cpu;
    config = config().with_measurement(cpu_time::ThreadCpuTime(criterion::measurement::WallTime));
    targets = cpu_time
}

#[cfg(unix)]
criterion_main!(go, go_cpu);
#[cfg(not(unix))]
criterion_main!(go);
