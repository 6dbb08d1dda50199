//! Board diagrams: the text picture of a position that players paste and tests write.
//!
//! One row per line from the top; `.` (or `+`) an empty point, `X` or `#` a Black stone,
//! `O` a White stone. Spaces and `|` are ignored, and so are blank lines and frame lines
//! made of `-` and `+` only, so a diagram copied with its border reads as it is.

use super::{BoardSize, Position, StonesError};
use crate::core::{BadSize, Color, Point};
use std::fmt;

/// Why a diagram cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// No row at all.
    Empty,
    /// The number of rows is not a board size we play on.
    Size(BadSize),
    /// Row `row` (1-based from the top) has `cells` points where the board has `expected`.
    RowLength {
        /// The row, counted from 1 at the top.
        row: usize,
        /// The points it has.
        cells: usize,
        /// The points it should have (the number of rows).
        expected: usize,
    },
    /// A character that is no point.
    BadCell {
        /// The row, counted from 1 at the top.
        row: usize,
        /// The character.
        cell: char,
    },
    /// A chain with no liberty: no game reaches such a position.
    NoLiberties(Point),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Empty => f.write_str("the diagram has no rows"),
            DiagramError::Size(bad) => write!(f, "the diagram has {} rows: {bad}", bad.size),
            DiagramError::RowLength {
                row,
                cells,
                expected,
            } => write!(
                f,
                "row {row} has {cells} points; a square board of {expected} rows needs {expected}"
            ),
            DiagramError::BadCell { row, cell } => write!(
                f,
                "row {row}: {cell:?} is not a point (use . for empty, X or # for Black, O for White)"
            ),
            DiagramError::NoLiberties(p) => write!(
                f,
                "the chain of the stone in column {}, row {} from the top has no liberty",
                p.x + 1,
                p.y + 1
            ),
        }
    }
}
impl std::error::Error for DiagramError {}

/// Reads a diagram into a position (no ko, no captures).
///
/// ```
/// use tengen::go::parse_diagram;
/// use tengen::core::Color;
/// let pos = parse_diagram("X O .\n. X .\n. . .").unwrap();
/// assert_eq!((pos.size().get(), pos.stones(Color::Black).len()), (3, 2));
/// ```
pub fn parse_diagram(text: &str) -> Result<Position, DiagramError> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|line| {
            line.chars()
                .filter(|&c| !c.is_whitespace() && c != '|')
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty() && !row.iter().all(|&c| c == '-' || c == '+'))
        .collect();
    if rows.is_empty() {
        return Err(DiagramError::Empty);
    }
    let size = BoardSize::new(rows.len()).map_err(DiagramError::Size)?;
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        if row.len() != rows.len() {
            return Err(DiagramError::RowLength {
                row: y + 1,
                cells: row.len(),
                expected: rows.len(),
            });
        }
        for (x, &cell) in row.iter().enumerate() {
            let color = match cell {
                '.' | '+' => continue,
                'X' | 'x' | '#' => Color::Black,
                'O' | 'o' => Color::White,
                _ => return Err(DiagramError::BadCell { row: y + 1, cell }),
            };
            stones.push((color, Point::new(x as u8, y as u8)));
        }
    }
    Position::with_stones(size, stones).map_err(|e| match e {
        StonesError::NoLiberty(p) => DiagramError::NoLiberties(p),
        StonesError::OffBoard(_) | StonesError::Twice(_) => {
            unreachable!("a diagram has one cell per point of its board")
        }
    })
}

/// Writes `position` as a diagram [`parse_diagram`] reads back: `X`, `O` and `.`, one
/// row a line, points separated by spaces.
pub fn diagram(position: &Position) -> String {
    let size = position.size();
    let mut out = String::with_capacity(2 * size.points() + size.get());
    for y in 0..size.get() {
        for x in 0..size.get() {
            let v = size
                .vertex(Point::new(x as u8, y as u8))
                .expect("on the board");
            out.push(match position.stone(v) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
            out.push(if x + 1 == size.get() { '\n' } else { ' ' });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_round_trip_and_tolerate_frames() {
        let text = "X O . .\n. X O .\n. . . #\nO . . .\n";
        let pos = parse_diagram(text).unwrap();
        assert_eq!(diagram(&pos), "X O . .\n. X O .\n. . . X\nO . . .\n");
        let framed = "---------\n| X O . . |\n| . X O . |\n| . . . X |\n| O . . . |\n---------";
        assert_eq!(parse_diagram(framed).unwrap(), pos);
    }

    #[test]
    fn bad_diagrams_say_why() {
        assert_eq!(parse_diagram(" \n"), Err(DiagramError::Empty));
        assert!(matches!(parse_diagram("X"), Err(DiagramError::Size(_))));
        assert_eq!(
            parse_diagram("X O\n. . ."),
            Err(DiagramError::RowLength {
                row: 2,
                cells: 3,
                expected: 2
            })
        );
        assert_eq!(
            parse_diagram("X ?\n. ."),
            Err(DiagramError::BadCell { row: 1, cell: '?' })
        );
        assert_eq!(
            parse_diagram("X O .\nO . .\n. . ."),
            Err(DiagramError::NoLiberties(Point::new(0, 0)))
        );
        assert!(parse_diagram(&". ".repeat(26).repeat(26)).is_err());
    }
}
