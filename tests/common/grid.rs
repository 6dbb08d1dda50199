//! Plain square grids for the slow Go referees: a point is an index `y * n + x`.

/// The on-board neighbours of point `i` of an `n` by `n` grid.
pub fn neighbours(n: usize, i: usize) -> Vec<usize> {
    let (x, y) = (i % n, i / n);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < n).then(|| i + 1),
        (y > 0).then(|| i - n),
        (y + 1 < n).then(|| i + n),
    ]
    .into_iter()
    .flatten()
    .collect()
}
