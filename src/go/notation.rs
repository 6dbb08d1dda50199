//! Go coordinates as GTP and most Go software write them: a column letter from `A` on the
//! left, skipping `I`, then the row number from 1 at the bottom (`D4`, `Q16`); `pass`.

use super::{BoardSize, Vertex};
use crate::core::Point;
use std::fmt;

/// The column letters, `I` left out so it is not read as `J` or `1`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A text that is not a vertex of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not a letter followed by a number.
    Malformed(String),
    /// A vertex, but off this board.
    OffBoard(String),
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexError::Malformed(t) => write!(f, "{t:?} is not a vertex (expected e.g. D4)"),
            VertexError::OffBoard(t) => write!(f, "{t} is off the board"),
        }
    }
}
impl std::error::Error for VertexError {}

impl BoardSize {
    /// Reads a GTP vertex (case-insensitive); `Ok(None)` for `pass`.
    ///
    /// ```
    /// use tengen::go::BoardSize;
    /// use tengen::core::Point;
    /// let size = BoardSize::new(19).unwrap();
    /// let v = size.parse_vertex("d4").unwrap().unwrap();
    /// assert_eq!(size.point(v), Point::new(3, 15));
    /// assert_eq!(size.vertex_name(Some(v)), "D4");
    /// assert!(size.parse_vertex("I5").is_err());
    /// ```
    pub fn parse_vertex(self, text: &str) -> Result<Option<Vertex>, VertexError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        let malformed = || VertexError::Malformed(t.to_string());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
        let x = COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(malformed)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let row: usize = digits.parse().map_err(|_| malformed())?;
        let n = self.get();
        if row == 0 || row > n || x >= n {
            return Err(VertexError::OffBoard(t.to_ascii_uppercase()));
        }
        Ok(self.vertex(Point::new(x as u8, (n - row) as u8)))
    }

    /// The GTP name of a vertex of this board, `pass` for `None`.
    pub fn vertex_name(self, v: Option<Vertex>) -> String {
        match v {
            None => "pass".to_string(),
            Some(v) => {
                let p = self.point(v);
                let column = char::from(COLUMNS[usize::from(p.x)]);
                format!("{column}{}", self.get() - usize::from(p.y))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vertex_round_trips_through_its_name() {
        for n in [2, 9, 19, 25] {
            let size = BoardSize::new(n).unwrap();
            for v in size.vertices() {
                let name = size.vertex_name(Some(v));
                assert_eq!(size.parse_vertex(&name), Ok(Some(v)), "{name}");
                assert_eq!(size.parse_vertex(&name.to_lowercase()), Ok(Some(v)));
            }
        }
    }

    #[test]
    fn corners_and_bad_vertices() {
        let size = BoardSize::new(19).unwrap();
        let a1 = size.parse_vertex("A1").unwrap().unwrap();
        assert_eq!(size.point(a1), Point::new(0, 18));
        assert_eq!(
            size.point(size.parse_vertex("T19").unwrap().unwrap()),
            Point::new(18, 0)
        );
        assert_eq!(size.parse_vertex("PASS"), Ok(None));
        for bad in ["", "A", "1", "A0x", "I3", "A-1", "A001", "ÄÖ"] {
            assert!(
                matches!(size.parse_vertex(bad), Err(VertexError::Malformed(_))),
                "{bad:?}"
            );
        }
        for off in ["A0", "A20", "U1", "Z25"] {
            assert!(
                matches!(size.parse_vertex(off), Err(VertexError::OffBoard(_))),
                "{off}"
            );
        }
    }
}
