//! Opening suites chosen by Tengen's own judgement, for the match runners: balanced renju
//! 5-stone lines ([`renju`]) and balanced Go openings ([`go`]). The `opening-suite` binary
//! writes them to `tuning/openings/`.
//!
//! What both share: positions are told apart only up to the eight symmetries of the
//! board ([`position_key`]), and candidate moves are taken near the stones already
//! played ([`distance_to_stones`]).

pub mod go;
pub mod renju;

use tengen::core::{Color, Point};
use tengen::renju::opening::Symmetry;

/// The same key for two positions (stones with their colours) exactly when one is the
/// other under one of the eight symmetries of a `size` board about its centre: the
/// smallest sorted image of the stones. The order the stones were played in does not
/// count.
///
/// ```
/// use tengen_tuning::suite::position_key;
/// use tengen::core::{Color, Point};
/// let a = [(Point::new(7, 7), Color::Black), (Point::new(7, 6), Color::White)];
/// let b = [(Point::new(7, 7), Color::Black), (Point::new(6, 7), Color::White)];
/// let c = [(Point::new(7, 7), Color::Black), (Point::new(6, 6), Color::White)];
/// assert_eq!(position_key(&a, 15), position_key(&b, 15));
/// assert_ne!(position_key(&a, 15), position_key(&c, 15));
/// ```
pub fn position_key(stones: &[(Point, Color)], size: usize) -> Vec<(Point, Color)> {
    Symmetry::ALL
        .into_iter()
        .filter_map(|s| {
            let mut image = stones
                .iter()
                .map(|&(p, c)| s.apply(p, size).map(|q| (q, c)))
                .collect::<Option<Vec<_>>>()?;
            image.sort_unstable();
            Some(image)
        })
        .min()
        .unwrap_or_default()
}

/// The Chebyshev distance (a king's moves) from `p` to the nearest of `stones`; `None`
/// without stones.
///
/// ```
/// use tengen_tuning::suite::distance_to_stones;
/// use tengen::core::Point;
/// let stones = [Point::new(7, 7), Point::new(3, 3)];
/// assert_eq!(distance_to_stones(Point::new(9, 5), &stones), Some(2));
/// assert_eq!(distance_to_stones(Point::new(0, 0), &[]), None);
/// ```
pub fn distance_to_stones(p: Point, stones: &[Point]) -> Option<u8> {
    stones
        .iter()
        .map(|s| s.x.abs_diff(p.x).max(s.y.abs_diff(p.y)))
        .min()
}
