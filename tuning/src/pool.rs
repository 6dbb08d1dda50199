//! Games played a few at a time on worker threads, reported as they finish.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `play` on every item of `items`, `concurrency` at a time (at least 1), and calls
/// `on_done` with each result as it finishes (in finishing order, on the calling thread).
/// Returns the results in the order of `items`.
///
/// ```
/// use tengen_tuning::pool::run_parallel;
/// let mut seen = 0;
/// let squares = run_parallel(&[1, 2, 3], 2, |x| x * x, |_| seen += 1);
/// assert_eq!((squares, seen), (vec![1, 4, 9], 3));
/// ```
pub fn run_parallel<T: Sync, R: Send>(
    items: &[T],
    concurrency: usize,
    play: impl Fn(&T) -> R + Sync,
    mut on_done: impl FnMut(&R),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut results: Vec<Option<R>> = items.iter().map(|_| None).collect();
    thread::scope(|scope| {
        for _ in 0..concurrency.clamp(1, items.len().max(1)) {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if tx.send((i, play(item))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, result) in rx {
            on_done(&result);
            results[i] = Some(result);
        }
    });
    // Every index was sent exactly once: the workers only stop when the items run out.
    results.into_iter().flatten().collect()
}
