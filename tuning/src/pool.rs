//! Games played a few at a time on worker threads, reported as they finish, until the
//! items run out or the caller says stop.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `play` on the items of `items` in order, `concurrency` at a time (at least 1),
/// and calls `on_done` with each result as it finishes (in finishing order, on the
/// calling thread). Once `on_done` returns `Break`, no further item is started; those
/// already running finish and are passed to `on_done` too (its answer then no longer
/// matters). Returns the results of the items played (a prefix of `items`), in order.
///
/// ```
/// use std::ops::ControlFlow;
/// use tengen_tuning::pool::run_parallel;
/// let mut seen = 0;
/// let squares = run_parallel(&[1, 2, 3], 2, |x| x * x, |_| {
///     seen += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((squares, seen), (vec![1, 4, 9], 3));
/// // One at a time, stopping after the first square above 3.
/// let played = run_parallel(&[1, 2, 3, 4], 1, |x| x * x, |&sq| {
///     if sq > 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(played, vec![1, 4]);
/// ```
pub fn run_parallel<T: Sync, R: Send>(
    items: &[T],
    concurrency: usize,
    play: impl Fn(&T) -> R + Sync,
    mut on_done: impl FnMut(&R) -> ControlFlow<()>,
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
                // Wait for the caller's verdict on this result before taking another
                // item, so that no game starts after the one that said stop.
                let (go_on_tx, go_on) = mpsc::channel();
                if tx.send((i, play(item), go_on_tx)).is_err() || go_on.recv() != Ok(true) {
                    break;
                }
            });
        }
        drop(tx);
        let mut stopped = false;
        for (i, result, go_on) in rx {
            stopped |= on_done(&result).is_break();
            // A worker that is gone needs no answer.
            let _ = go_on.send(!stopped);
            results[i] = Some(result);
        }
    });
    // Items are taken in order and every one taken is played to the end and sent: the
    // results are a prefix of the items.
    results.into_iter().map_while(|r| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_stop_lets_running_items_finish_and_starts_no_more() {
        for concurrency in [1, 2, 4] {
            let items: Vec<u64> = (0..100).collect();
            let mut finished = Vec::new();
            let played = run_parallel(
                &items,
                concurrency,
                |&x| {
                    thread::sleep(Duration::from_millis(1 + x % 3));
                    x
                },
                |&x| {
                    finished.push(x);
                    if finished.len() >= 5 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            // Five results said stop; at most the other workers' running items follow.
            assert!(
                (5..5 + concurrency).contains(&played.len()),
                "{concurrency}: {played:?}"
            );
            assert_eq!(played, (0..played.len() as u64).collect::<Vec<_>>());
            finished.sort_unstable();
            assert_eq!(finished, played, "every finished item was reported");
        }
    }

    #[test]
    fn no_items_no_calls() {
        let played = run_parallel(&[] as &[u8], 3, |&x| x, |_| unreachable!());
        assert!(played.is_empty());
    }
}
