//! The larger shape around a move for the learned priors: the diamond of the 24 points
//! within Manhattan distance 3 of it, and its inner part, the 12 points within distance 2
//! (which hold the 3x3 square). A 3x3 pattern cannot tell a move that extends from one
//! that jumps into a framework or peeps at a one-point jump; the diamond sees the stones
//! a strong player looks at around a move.
//!
//! Each diamond is read as the player to move sees it (empty, own, the opponent's, off
//! the board: two bits a point) and folded over the eight rotations and reflections to
//! its least code, so a shape has one key in every orientation and for both colours. The
//! two keys carry their radius in the top byte. The learned model gives a move the gamma
//! of its full diamond when that shape is in its dictionary, else of its inner diamond,
//! else one shared gamma (see [`Model::diamond_gamma`](super::patterns::Model)).

use super::shape::SYMMETRIES;
use crate::core::Color;
use crate::go::position::EMPTY;
use crate::go::{Position, Vertex};
use once_cell::sync::Lazy;

/// The points of the full diamond.
const POINTS: usize = 24;
/// The points of the inner diamond: the first ones of the full diamond's order.
const INNER: usize = 12;
/// The bits of the inner diamond in a code.
const INNER_MASK: u64 = (1 << (2 * INNER)) - 1;
/// The radius, in a key's top byte.
const INNER_TAG: u64 = 2 << 56;
const OUTER_TAG: u64 = 3 << 56;

/// The diamond's geometry: the offsets of its points (nearest first), and where each
/// point goes under each of the eight symmetries.
struct Diamond {
    offsets: [(i8, i8); POINTS],
    to: [[u8; 8]; POINTS],
}

static DIAMOND: Lazy<Diamond> = Lazy::new(|| {
    let mut offsets = Vec::with_capacity(POINTS);
    for d in 1..=3i8 {
        for dy in -d..=d {
            for dx in -d..=d {
                if dx.abs() + dy.abs() == d {
                    offsets.push((dx, dy));
                }
            }
        }
    }
    let offsets: [(i8, i8); POINTS] = offsets.try_into().expect("24 points");
    let mut to = [[0u8; 8]; POINTS];
    for (row, &(dx, dy)) in to.iter_mut().zip(&offsets) {
        for (t, turn) in row.iter_mut().zip(SYMMETRIES) {
            let moved = turn(dx, dy);
            *t = offsets
                .iter()
                .position(|&o| o == moved)
                .expect("a symmetry keeps the diamond") as u8;
        }
    }
    Diamond { offsets, to }
});

/// The keys of the inner and the full diamond around a `color` stone on `v`.
pub(super) fn keys(position: &Position, color: Color, v: Vertex) -> [u64; 2] {
    let d = &*DIAMOND;
    let n = position.size().get() as i32;
    let p = position.size().point(v);
    let own = color.index() as u8;
    let mut cells = [0u64; POINTS];
    for (cell, &(dx, dy)) in cells.iter_mut().zip(&d.offsets) {
        let (x, y) = (
            i32::from(p.x) + i32::from(dx),
            i32::from(p.y) + i32::from(dy),
        );
        *cell = if x < 0 || y < 0 || x >= n || y >= n {
            3
        } else {
            match position.content((y * n + x) as usize) {
                EMPTY => 0,
                c if c == own => 1,
                _ => 2,
            }
        };
    }
    // The code of each orientation, built point by point: an empty point adds nothing
    // to any of them, and most points of a diamond are empty.
    let mut codes = [0u64; 8];
    for (&c, to) in cells.iter().zip(&d.to) {
        if c != 0 {
            for (code, &t) in codes.iter_mut().zip(to) {
                *code |= c << (2 * t);
            }
        }
    }
    let (mut inner, mut outer) = (u64::MAX, u64::MAX);
    for code in codes {
        inner = inner.min(code & INNER_MASK);
        outer = outer.min(code);
    }
    [inner | INNER_TAG, outer | OUTER_TAG]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    /// A 9x9 diagram turned by symmetry `s` about its centre, colours swapped on `swap`.
    fn turned(rows: &[&str], s: usize, swap: bool) -> Position {
        let n = rows.len();
        let c = (n / 2) as i8;
        let mut grid = vec![vec!['.'; n]; n];
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let (tx, ty) = SYMMETRIES[s](x as i8 - c, y as i8 - c);
                grid[(ty + c) as usize][(tx + c) as usize] = match (ch, swap) {
                    ('X', true) => 'O',
                    ('O', true) => 'X',
                    (ch, _) => ch,
                };
            }
        }
        let text: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
        parse_diagram(&text.join("\n")).unwrap()
    }

    #[test]
    fn a_diamond_has_one_key_in_every_orientation_and_for_both_colours() {
        // The point (2,3): near the edge, with stones at distances 1, 2 and 3.
        let rows = [
            ".........",
            "..X......",
            ".O.......",
            "...X.....",
            "..O..O...",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let mut all = Vec::new();
        for (s, turn) in SYMMETRIES.iter().enumerate() {
            for swap in [false, true] {
                let pos = turned(&rows, s, swap);
                let (x, y) = turn(2 - 4, 3 - 4);
                let v = pos
                    .size()
                    .vertex(Point::new((x + 4) as u8, (y + 4) as u8))
                    .unwrap();
                let color = if swap { Color::White } else { Color::Black };
                all.push(keys(&pos, color, v));
            }
        }
        assert!(all.iter().all(|k| *k == all[0]), "{all:?}");
        // The two radii never share a key, and the other colour sees another shape.
        assert_ne!(all[0][0] >> 56, all[0][1] >> 56);
        let pos = turned(&rows, 0, false);
        let v = pos.size().vertex(Point::new(2, 3)).unwrap();
        assert_ne!(keys(&pos, Color::White, v), all[0]);
    }

    #[test]
    fn the_full_diamond_sees_what_the_inner_one_does_not() {
        // A stone three points away changes only the full diamond.
        let empty = parse_diagram(&["........."; 9].join("\n")).unwrap();
        let far = turned(
            &[
                ".........",
                ".........",
                ".........",
                ".........",
                ".......X.",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            0,
            false,
        );
        let centre = |pos: &Position| pos.size().vertex(Point::new(4, 4)).unwrap();
        let (a, b) = (
            keys(&empty, Color::Black, centre(&empty)),
            keys(&far, Color::Black, centre(&far)),
        );
        assert_eq!(a[0], b[0]);
        assert_ne!(a[1], b[1]);
    }
}
