//! The fixed handicap placement of the GTP specification.

use crate::core::Point;
use crate::go::BoardSize;

/// The most stones `fixed_handicap` places on a board of `size`: none below 8x8, 4 on
/// even sizes (they have no centre point), 9 on odd ones.
pub fn max_fixed(size: BoardSize) -> usize {
    match size.get() {
        ..=7 => 0,
        n if n % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points of a fixed handicap of `stones` stones, in the specification's order;
/// `None` when the board has no such pattern.
///
/// The stones go on the third line of boards smaller than 13x13 and on the fourth line
/// from 13x13 on; 19x19 names: D4 Q16, D16, Q4, then K10 for an odd count, D10 Q10 from 6
/// stones on, K4 K16 from 8 on.
pub fn fixed(size: BoardSize, stones: usize) -> Option<Vec<Point>> {
    if stones < 2 || stones > max_fixed(size) {
        return None;
    }
    let n = size.get() as u8;
    let edge = if n < 13 { 2 } else { 3 };
    let (low, mid, high) = (edge, (n - 1) / 2, n - 1 - edge);
    // Columns from the left, rows from the top: row `low` is near the top side.
    let at = |x: u8, y: u8| Point::new(x, y);
    // D4 Q16 D16 Q4, D10 Q10, K4 K16 in 19x19 names.
    let ring = [
        at(low, high),
        at(high, low),
        at(low, low),
        at(high, high),
        at(low, mid),
        at(high, mid),
        at(mid, high),
        at(mid, low),
    ];
    let centre = stones % 2 == 1 && stones >= 5;
    let mut points = ring[..stones - usize::from(centre)].to_vec();
    if centre {
        points.push(at(mid, mid));
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize, stones: usize) -> Option<String> {
        let size = BoardSize::new(n).unwrap();
        fixed(size, stones).map(|ps| {
            ps.iter()
                .map(|&p| size.vertex_name(size.vertex(p)))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn the_specification_table_on_19x19() {
        let table = [
            (2, "D4 Q16"),
            (3, "D4 Q16 D16"),
            (4, "D4 Q16 D16 Q4"),
            (5, "D4 Q16 D16 Q4 K10"),
            (6, "D4 Q16 D16 Q4 D10 Q10"),
            (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
            (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
            (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
        ];
        for (stones, expected) in table {
            assert_eq!(names(19, stones).as_deref(), Some(expected), "{stones}");
        }
        assert_eq!(names(19, 1), None);
        assert_eq!(names(19, 10), None);
    }

    #[test]
    fn small_and_even_boards() {
        assert_eq!(names(9, 5).as_deref(), Some("C3 G7 C7 G3 E5"));
        assert_eq!(names(13, 2).as_deref(), Some("D4 K10"));
        assert_eq!(names(10, 4).as_deref(), Some("C3 H8 C8 H3"));
        assert_eq!(names(10, 5), None);
        assert_eq!(names(7, 2), None);
        assert_eq!(names(25, 9).map(|s| s.split(' ').count()), Some(9));
    }
}
