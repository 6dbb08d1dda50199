//! Benson's unconditional life: the chains that stay on the board whatever the opponent
//! plays, even if their owner passes for ever.
//!
//! For one colour, a *region* is a connected set of points holding no stone of that
//! colour (empty points and opponent stones). A region is *vital* to a chain when every
//! empty point of the region is a liberty of the chain, and *healthy* while every chain
//! of the colour bordering it is still a candidate. Starting from all chains, drop each
//! chain with fewer than two healthy vital regions, until nothing changes: the chains left
//! are unconditionally alive (Benson 1976, "Life in the game of Go").
//!
//! Why they cannot be captured: an opponent stone can fill the last empty point of a
//! healthy region only by capturing a chain next to it (otherwise it is suicide), and each
//! such chain still has a liberty in its other vital region; so the first capture can never
//! happen.

use crate::core::Color;
use crate::go::{Points, Position};

/// The unconditionally alive ("pass-alive") chains of one colour and the regions they
/// enclose.
///
/// ```
/// use tengen::go::{pass_alive, BoardSize, Position, Suicide};
/// use tengen::core::{Color, Point};
/// // A Black wall along the second column with the two eyes a1 and a3.
/// let size = BoardSize::new(4).unwrap();
/// let mut pos = Position::new(size);
/// for (x, y) in [(1, 0), (1, 1), (1, 2), (1, 3), (0, 1), (0, 3)] {
///     let v = size.vertex(Point::new(x, y));
///     pos.play(Color::Black, v, Suicide::Illegal).unwrap();
/// }
/// let alive = pass_alive(&pos, Color::Black);
/// assert_eq!(alive.stones, pos.stones(Color::Black));
/// assert!(alive.regions.contains(0) && alive.regions.contains(8));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassAlive {
    /// The stones of the chains that cannot be captured.
    pub stones: Points,
    /// The regions (empty points and the opponent stones among them) that are vital to at
    /// least one of those chains and border no other chain of the colour: the proven eyes.
    pub regions: Points,
}

/// Benson's algorithm for the chains of `color` in `position`.
pub fn pass_alive(position: &Position, color: Color) -> PassAlive {
    let size = position.size();
    let own = position.stones(color);
    let empty = position.empty_points();
    let chains = size.components(own);
    let around: Vec<Points> = chains.iter().map(|&c| size.neighbours_of(c)).collect();

    struct Region {
        points: Points,
        /// Indices of the chains next to the region.
        borders: Vec<usize>,
        /// Indices of the chains the region is vital to.
        vital_to: Vec<usize>,
    }
    let regions: Vec<Region> = size
        .components(size.all_points() - own)
        .into_iter()
        .map(|points| {
            let borders: Vec<usize> = (0..chains.len())
                .filter(|&i| !(around[i] & points).is_empty())
                .collect();
            let vital_to = borders
                .iter()
                .copied()
                .filter(|&i| ((points & empty) - around[i]).is_empty())
                .collect();
            Region {
                points,
                borders,
                vital_to,
            }
        })
        .collect();

    let mut alive = vec![true; chains.len()];
    loop {
        let healthy: Vec<bool> = regions
            .iter()
            .map(|r| r.borders.iter().all(|&i| alive[i]))
            .collect();
        let mut vital_count = vec![0usize; chains.len()];
        for (r, _) in regions.iter().zip(&healthy).filter(|(_, &h)| h) {
            for &i in &r.vital_to {
                vital_count[i] += 1;
            }
        }
        let mut changed = false;
        for (i, flag) in alive.iter_mut().enumerate() {
            if *flag && vital_count[i] < 2 {
                *flag = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut result = PassAlive {
        stones: Points::EMPTY,
        regions: Points::EMPTY,
    };
    for (chain, _) in chains.iter().zip(&alive).filter(|(_, &a)| a) {
        result.stones |= *chain;
    }
    for r in &regions {
        if !r.vital_to.is_empty() && r.borders.iter().all(|&i| alive[i]) {
            result.regions |= r.points;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::parse_diagram;

    /// Rows from the top: `X` Black, `O` White, `.` empty.
    fn position(rows: &[&str]) -> Position {
        parse_diagram(&rows.join("\n")).unwrap()
    }

    #[test]
    fn two_separate_eyes_live_and_one_big_eye_does_not() {
        // Black encloses two single points: alive. White has nothing.
        let pos = position(&[".X.X.", "XXXXX", ".....", ".....", "....."]);
        assert_eq!(
            pass_alive(&pos, Color::Black).stones,
            pos.stones(Color::Black)
        );
        // One vital region only: not unconditionally alive (the opponent fills the open
        // side, then the top row, and the last point captures).
        let pos = position(&[".....", "XXXXX", ".....", ".....", "....."]);
        assert!(pass_alive(&pos, Color::Black).stones.is_empty());
    }

    #[test]
    fn a_three_point_eye_every_point_of_which_is_a_liberty_is_vital() {
        // A three-point region counts like a one-point eye: the opponent can never fill
        // the last of its points while the chain has a liberty in the other eye.
        let pos = position(&["...X.", "XXXXX", ".....", ".....", "....."]);
        assert_eq!(
            pass_alive(&pos, Color::Black).stones,
            pos.stones(Color::Black)
        );
    }

    #[test]
    fn a_region_not_vital_to_the_chain_does_not_count() {
        // The top-left region has the empty point (0,0) that is not next to the chain
        // (two points away), so it is not vital; only the right-hand eye is.
        let pos = position(&["..X.X", "..XXX", "XXX..", ".....", "....."]);
        let alive = pass_alive(&pos, Color::Black);
        assert!(alive.stones.is_empty());
    }

    #[test]
    fn opponent_stones_inside_a_vital_region_do_not_spoil_it() {
        // White's stone sits in Black's eye; the region's only empty point (0,1) is still
        // a liberty of Black, so the region stays vital.
        let pos = position(&["O.X.X", "X.XXX", "XXX..", ".....", "....."]);
        let alive = pass_alive(&pos, Color::Black);
        assert_eq!(alive.stones, pos.stones(Color::Black));
        assert!(alive.regions.contains(0) && alive.regions.contains(3));
        assert!(pass_alive(&pos, Color::White).stones.is_empty());
    }

    #[test]
    fn chains_sharing_eyes_live_together() {
        // Two Black chains connected only through their shared eyes: each eye is vital
        // to both, so both are alive.
        let pos = position(&[".X.X.", "X.X.X", "XXXXX", ".....", "....."]);
        let alive = pass_alive(&pos, Color::Black);
        assert_eq!(alive.stones, pos.stones(Color::Black));
    }
}
