//! Random playouts to the end of the game, and area scoring of where they stop.

use super::position::Position;
use super::vertex::Points;
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
    // At the end of a playout most empty points are regions of one point: no empty
    // neighbour, and the neighbour tally names the owner. The rest are flooded.
    let mut unseen = Points::EMPTY;
    for (v, [black, white, empty, _]) in position.empties_around() {
        if empty > 0 {
            unseen.insert(v);
        } else if white == 0 {
            area[0] += 1;
        } else if black == 0 {
            area[1] += 1;
        }
    }
    let mut region = Points::EMPTY;
    while let Some(start) = unseen.first() {
        unseen.remove(start);
        region.insert(start);
        let mut points = 0;
        // Bit `c.index()` set when the region touches a stone of colour `c`.
        let mut borders = 0u8;
        while let Some(p) = region.first() {
            region.remove(p);
            points += 1;
            for n in neighbours[p].iter().map(|&n| usize::from(n)) {
                if unseen.contains(n) {
                    unseen.remove(n);
                    region.insert(n);
                } else if let Some(c) = size.vertex_at(n).and_then(|v| position.stone(v)) {
                    borders |= 1 << c.index();
                }
            }
        }
        if let Some(owner) = Color::BOTH.into_iter().find(|c| borders == 1 << c.index()) {
            area[owner.index()] += points;
        }
    }
    Area {
        black: area[0],
        white: area[1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::BoardSize;

    /// Area by whole-board sets: every empty region found by flood fill, owned by the one
    /// colour whose stones border it.
    fn area_by_regions(position: &Position) -> Area {
        let size = position.size();
        let mut area = Color::BOTH.map(|c| position.stones(c).len());
        for region in size.components(position.empty_points()) {
            let border = size.neighbours_of(region);
            let touches = Color::BOTH.map(|c| !(border & position.stones(c)).is_empty());
            for c in Color::BOTH {
                if touches[c.index()] && !touches[(!c).index()] {
                    area[c.index()] += region.len();
                }
            }
        }
        Area {
            black: area[0],
            white: area[1],
        }
    }

    #[test]
    fn area_score_agrees_with_whole_regions_in_and_after_play() {
        let mut rng = SplitMix64::new(12);
        for n in [2, 3, 5, 9, 19] {
            for _ in 0..20 {
                let mut pos = Position::new(BoardSize::new(n).unwrap());
                let mut color = Color::Black;
                // Scored as play goes, when most regions are large, and at the end.
                while let Some(v) = pos.random_move(color, &mut rng) {
                    pos.place(color, v);
                    assert_eq!(area_score(&pos), area_by_regions(&pos), "{pos:?}");
                    color = !color;
                }
                pos.playout(color, &mut rng);
                assert_eq!(area_score(&pos), area_by_regions(&pos), "{pos:?}");
            }
        }
    }
}
