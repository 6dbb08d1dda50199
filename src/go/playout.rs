//! Random playouts to the end of the game, and area scoring of where they stop.

use super::position::Position;
use crate::core::{Color, SplitMix64};

impl Position {
    /// Plays [random moves](Position::random_move), colours alternating from `first`, and
    /// passes whenever the side to move has none; stops after two passes in a row and
    /// returns the number of moves played, passes included.
    ///
    /// Playouts know only the simple ko, so a long cycle (a triple ko) could go on for
    /// ever: they also stop after `3 * size * size` moves and are scored as they stand.
    ///
    /// ```
    /// use tengen::go::{area_score, BoardSize, Position};
    /// use tengen::core::{Color, SplitMix64};
    /// let mut pos = Position::new(BoardSize::new(9).unwrap());
    /// pos.playout(Color::Black, &mut SplitMix64::new(1));
    /// let area = area_score(&pos);
    /// assert!(area.black + area.white <= 81);
    /// ```
    pub fn playout(&mut self, first: Color, rng: &mut SplitMix64) -> usize {
        let limit = 3 * self.size().points();
        let (mut color, mut passes, mut moves) = (first, 0, 0);
        while passes < 2 && moves < limit {
            match self.random_move(color, rng) {
                Some(v) => {
                    self.place(color, v);
                    passes = 0;
                }
                None => {
                    self.pass();
                    passes += 1;
                }
            }
            moves += 1;
            color = !color;
        }
        moves
    }
}

/// Points of each colour under area scoring, before komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// Black stones plus the empty points only Black's stones border.
    pub black: usize,
    /// White stones plus the empty points only White's stones border.
    pub white: usize,
}

/// Area score of `position` taken as it stands (every stone alive): each colour's stones,
/// and each empty region (points connected through empty points) that touches stones of
/// that colour only. Regions touching both or neither count for nobody.
///
/// ```
/// use tengen::go::{area_score, Area, BoardSize, Position, Suicide};
/// use tengen::core::{Color, Point};
/// let size = BoardSize::new(3).unwrap();
/// let mut pos = Position::new(size);
/// let centre = size.vertex(Point::new(1, 1));
/// pos.play(Color::Black, centre, Suicide::Illegal).unwrap();
/// assert_eq!(area_score(&pos), Area { black: 9, white: 0 });
/// ```
pub fn area_score(position: &Position) -> Area {
    let size = position.size();
    let neighbours = &size.geometry().neighbours;
    let mut area = Color::BOTH.map(|c| position.stones(c).len());
    let mut unseen = position.empty_points();
    let mut region = Vec::with_capacity(size.points());
    while let Some(start) = unseen.iter().next() {
        unseen.remove(start);
        region.clear();
        region.push(start);
        // Bit `c.index()` set when the region touches a stone of colour `c`.
        let mut borders = 0u8;
        let mut k = 0;
        while let Some(&p) = region.get(k) {
            k += 1;
            for n in neighbours[p].iter().map(|&n| usize::from(n)) {
                if unseen.contains(n) {
                    unseen.remove(n);
                    region.push(n);
                } else if let Some(c) = size.vertex_at(n).and_then(|v| position.stone(v)) {
                    borders |= 1 << c.index();
                }
            }
        }
        if let Some(owner) = Color::BOTH.into_iter().find(|c| borders == 1 << c.index()) {
            area[owner.index()] += region.len();
        }
    }
    Area {
        black: area[0],
        white: area[1],
    }
}
