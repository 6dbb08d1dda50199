//! Renju notation: `h8` is column h (a = leftmost) and row 8 (1 = bottom row).
//!
//! Positions are written either as a move list (`h8 h9 j10`, or run together as
//! `h8h9j10`; Black moves first and colours alternate) or as a board string of `size *
//! size` characters, rows from the top, `x` Black, `o` White, `.` empty.

use super::board::{BadSize, Board, PlaceError};
use super::rule::Rule;
use crate::core::{Color, Point};
use std::fmt;

/// Why a text is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A token is not a point (`h8`).
    BadPoint(String),
    /// The point is outside the board.
    OffBoard(String),
    /// A move is on an occupied point.
    Occupied(String),
    /// A board string has a character other than `x`, `o`, `.`.
    BadCell(char),
    /// The board size is not supported.
    Size(BadSize),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadPoint(t) => write!(f, "'{t}' is not a point (expected e.g. h8)"),
            NotationError::OffBoard(t) => write!(f, "{t} is off the board"),
            NotationError::Occupied(t) => write!(f, "{t} is already occupied"),
            NotationError::BadCell(c) => {
                write!(f, "board string has '{c}' (expected x, o or .)")
            }
            NotationError::Size(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for NotationError {}

/// The name of `p` on a `size` board.
///
/// ```
/// use tengen::renju::notation::point_name;
/// use tengen::core::Point;
/// assert_eq!(point_name(Point::new(7, 7), 15), "h8");
/// assert_eq!(point_name(Point::new(0, 0), 15), "a15");
/// ```
pub fn point_name(p: Point, size: usize) -> String {
    format!("{}{}", (b'a' + p.x) as char, size - p.y as usize)
}

/// Parses one point name (`h8`, `H8`, `o15`) on a `size` board.
///
/// ```
/// use tengen::renju::notation::parse_point;
/// use tengen::core::Point;
/// assert_eq!(parse_point("h8", 15), Ok(Point::new(7, 7)));
/// assert!(parse_point("p1", 15).is_err());
/// ```
pub fn parse_point(token: &str, size: usize) -> Result<Point, NotationError> {
    let bad = || NotationError::BadPoint(token.to_string());
    let mut chars = token.chars();
    let col = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let x = (col.to_ascii_lowercase() as u8 - b'a') as usize;
    let row: usize = digits.parse().map_err(|_| bad())?;
    if x >= size || row == 0 || row > size {
        return Err(NotationError::OffBoard(token.to_string()));
    }
    Ok(Point::new(x as u8, (size - row) as u8))
}

/// Splits a move list into point names: separated by white space or commas, or run
/// together (`h8h9j10`).
fn tokens(text: &str) -> Result<Vec<&str>, NotationError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() || bytes[i] == b',' {
            i += 1;
            continue;
        }
        // Only ASCII is consumed, so `start` and `i` stay on character boundaries.
        let start = i;
        let letter = bytes[i].is_ascii_alphabetic();
        i += usize::from(letter);
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if !letter || i == start + 1 {
            let rest = &text[start..];
            let word = rest
                .split(|c: char| c.is_whitespace() || c == ',')
                .next()
                .unwrap_or(rest);
            return Err(NotationError::BadPoint(word.to_string()));
        }
        out.push(&text[start..i]);
    }
    Ok(out)
}

/// Reads a position: a board string if the text is `size * size` cells of `x`, `o`,
/// `.`, else a move list.
///
/// ```
/// use tengen::renju::{notation::parse_position, Rule};
/// use tengen::core::{Color, Point};
/// let b = parse_position("h8 h9 j10", 15, Rule::Renju).unwrap();
/// assert_eq!(b.stone(Point::new(9, 5)), Some(Color::Black)); // j10
/// assert_eq!(parse_position("h8h9j10", 15, Rule::Renju).unwrap().hash(), b.hash());
/// ```
pub fn parse_position(text: &str, size: usize, rule: Rule) -> Result<Board, NotationError> {
    let text = text.trim();
    let mut board = Board::new(size, rule).map_err(NotationError::Size)?;
    // A move list always has digits; a board string never does.
    if text.chars().count() == size * size && !text.contains(|c: char| c.is_ascii_digit()) {
        for (i, c) in text.chars().enumerate() {
            let color = match c {
                'x' | 'X' => Color::Black,
                'o' | 'O' => Color::White,
                '.' => continue,
                other => return Err(NotationError::BadCell(other)),
            };
            board
                .put(board.point(i), color)
                .expect("each cell once, on the board");
        }
        return Ok(board);
    }
    for (n, token) in tokens(text)?.into_iter().enumerate() {
        let p = parse_point(token, size)?;
        let color = if n % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.put(p, color).map_err(|e| match e {
            PlaceError::Occupied(_) => NotationError::Occupied(token.to_string()),
            PlaceError::OffBoard(_) => NotationError::OffBoard(token.to_string()),
        })?;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for size in [5, 15, 22] {
            for x in 0..size as u8 {
                for y in 0..size as u8 {
                    let p = Point::new(x, y);
                    assert_eq!(parse_point(&point_name(p, size), size), Ok(p));
                }
            }
        }
    }

    #[test]
    fn move_lists_in_both_spellings() {
        let spaced = parse_position("h8 i9 j10 k11", 15, Rule::Renju).unwrap();
        let joined = parse_position("h8i9j10k11", 15, Rule::Renju).unwrap();
        let commas = parse_position(" H8,I9, J10 ,K11 ", 15, Rule::Renju).unwrap();
        assert_eq!(spaced.hash(), joined.hash());
        assert_eq!(spaced.hash(), commas.hash());
        assert_eq!(spaced.stone(Point::new(9, 5)), Some(Color::Black));
        assert_eq!(spaced.stone(Point::new(10, 4)), Some(Color::White));
    }

    #[test]
    fn board_string_matches_move_list() {
        let mut s = vec!['.'; 225];
        s[7 * 15 + 7] = 'x'; // h8
        s[6 * 15 + 7] = 'o'; // h9
        let from_string = parse_position(&s.iter().collect::<String>(), 15, Rule::Renju).unwrap();
        let from_moves = parse_position("h8 h9", 15, Rule::Renju).unwrap();
        assert_eq!(from_string.hash(), from_moves.hash());
    }

    #[test]
    fn errors() {
        assert!(matches!(
            parse_position("h8 h8", 15, Rule::Renju),
            Err(NotationError::Occupied(_))
        ));
        assert!(matches!(
            parse_position("h8 p8", 15, Rule::Renju),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            parse_position("h16", 15, Rule::Renju),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            parse_position("h0", 15, Rule::Renju),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            parse_position("hh8", 15, Rule::Renju),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse_position("h8 9", 15, Rule::Renju),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse_position("h", 15, Rule::Renju),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse_position("h123", 15, Rule::Renju),
            Err(NotationError::BadPoint(_))
        ));
        let bad_string = "z".repeat(225);
        assert!(matches!(
            parse_position(&bad_string, 15, Rule::Renju),
            Err(NotationError::BadCell('z'))
        ));
        assert!(parse_position("", 15, Rule::Renju).unwrap().is_empty());
        assert!(matches!(
            parse_position("h8", 40, Rule::Renju),
            Err(NotationError::Size(_))
        ));
    }
}
