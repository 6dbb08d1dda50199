//! Board coordinates.

/// An intersection, as a column `x` counted from the left and a row `y` counted from the
/// top (0-based), the orientation of the Gomocup protocol and of board diagrams.
///
/// Game notations (renju's `h8`, GTP's `D4`) convert to and from this in their own modules.
///
/// ```
/// use tengen::core::Point;
/// assert_eq!(Point::new(7, 7), Point { x: 7, y: 7 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    #[inline]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}
