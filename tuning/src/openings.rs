//! Openings: the stones on the board before the engines take over, in move order (Black
//! first, colours alternating).
//!
//! The default set is the 26 standard renju openings of [`tengen::renju::opening`]. A file
//! can give others, one a line:
//!
//! ```text
//! # comments and blank lines are skipped; "name:" is optional
//! sword: h8 h9 j10
//! 7,7 7,6 8,5 9,9
//! ```
//!
//! Each point is a renju name (`h8`: column a = left, row 1 = bottom) or Gomocup
//! coordinates `x,y` (0-based, from the top left, no spaces inside).

use crate::referee::{Referee, Verdict};
use std::fmt;
use tengen::core::Point;
use tengen::renju::notation::parse_point;
use tengen::renju::opening::OPENINGS;
use tengen::renju::Rule;

/// A named sequence of opening stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub name: String,
    /// Stones in move order: Black, White, Black, ...
    pub moves: Vec<Point>,
}

/// An openings file line that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for OpeningError {}

/// The 26 standard renju openings (D1..D13, I1..I13) placed on a `size` board.
pub fn standard_openings(size: usize) -> Vec<Opening> {
    OPENINGS
        .iter()
        .map(|o| Opening {
            name: o.name.to_string(),
            moves: o.stones(size).to_vec(),
        })
        .collect()
}

/// The empty board: the first engine to move gets `BEGIN`.
pub fn empty_opening() -> Opening {
    Opening {
        name: "empty".to_string(),
        moves: Vec::new(),
    }
}

/// Parses an openings file (format in the module documentation) and checks every opening
/// on a `size` board under `rule`: stones on the board, no point twice, no foul and no
/// five among them.
pub fn parse_openings(text: &str, size: usize, rule: Rule) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| OpeningError {
            line: i + 1,
            message,
        };
        let (name, body) = match line.split_once(':') {
            Some((name, body)) => (name.trim().to_string(), body),
            None => (format!("line{}", i + 1), line),
        };
        let moves = body
            .split_whitespace()
            .map(|token| parse_token(token, size).map_err(&err))
            .collect::<Result<Vec<_>, _>>()?;
        let mut referee = Referee::new(size, rule).map_err(|e| err(e.to_string()))?;
        for &p in &moves {
            match referee.play(p) {
                Verdict::Continue => {}
                Verdict::Illegal(why) => return Err(err(why.to_string())),
                Verdict::Five | Verdict::BoardFull => {
                    return Err(err("the opening already ends the game".to_string()))
                }
            }
        }
        openings.push(Opening { name, moves });
    }
    if openings.is_empty() {
        return Err(OpeningError {
            line: 0,
            message: "no openings in the file".to_string(),
        });
    }
    Ok(openings)
}

/// One point: `x,y` or a renju name.
fn parse_token(token: &str, size: usize) -> Result<Point, String> {
    if token.contains(',') {
        crate::referee::parse_move(token).ok_or_else(|| format!("bad point {token:?}"))
    } else {
        parse_point(token, size).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_set_has_26_legal_openings() {
        let set = standard_openings(15);
        assert_eq!(set.len(), 26);
        assert_eq!(set[0].name, "D1");
        for o in &set {
            let mut r = Referee::new(15, Rule::Renju).unwrap();
            for &p in &o.moves {
                assert_eq!(r.play(p), Verdict::Continue, "{}", o.name);
            }
        }
        assert!(empty_opening().moves.is_empty());
    }

    #[test]
    fn file_format() {
        let text = "# header\n\nsword: h8 h9 j10\n7,7 7,6 8,5 9,9  # trailing comment\n";
        let set = parse_openings(text, 15, Rule::Renju).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0].name, "sword");
        assert_eq!(
            set[0].moves,
            vec![Point::new(7, 7), Point::new(7, 6), Point::new(9, 5)]
        );
        assert_eq!(set[1].name, "line4");
        assert_eq!(set[1].moves.len(), 4);
    }

    #[test]
    fn bad_files_are_errors() {
        let e = parse_openings("h8 h8", 15, Rule::Renju).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("occupied"), "{e}");
        assert!(parse_openings("q8", 15, Rule::Renju).is_err());
        assert!(parse_openings("1,x", 15, Rule::Renju).is_err());
        assert!(parse_openings("# nothing\n", 15, Rule::Renju).is_err());
    }
}
