//! Openings: the moves played before the engines take over, in move order (Black first,
//! colours alternating).
//!
//! Renju: the default set is the 26 standard renju openings of [`tengen::renju::opening`].
//! A file can give others, one a line:
//!
//! ```text
//! # comments and blank lines are skipped; "name:" is optional
//! sword: h8 h9 j10
//! 7,7 7,6 8,5 9,9
//! ```
//!
//! Each point is a renju name (`h8`: column a = left, row 1 = bottom) or Gomocup
//! coordinates `x,y` (0-based, from the top left, no spaces inside).
//!
//! Go ([`parse_go_openings`]): the same lines with GTP vertices (`D4`, `pass`):
//! `corner: D4 pass C7`.
//!
//! Either way a match plays each opening twice in a row, engine 1 Black first
//! ([`opening_of_game`]).

use crate::referee::{Referee, Verdict};
use std::fmt;
use tengen::core::{Color, Point};
use tengen::go::{BoardSize, Game, Rules};
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
    parse_lines(text, |name, body, err| {
        let moves = body
            .split_whitespace()
            .map(|token| parse_token(token, size).map_err(err))
            .collect::<Result<Vec<_>, _>>()?;
        let mut referee = Referee::new(size, rule).map_err(|e| err(e.to_string()))?;
        for &p in &moves {
            match referee.play(p) {
                Verdict::Continue => {}
                Verdict::Illegal(why) => return Err(err(why.to_string())),
                Verdict::Five | Verdict::BoardFull | Verdict::NoLegalMove { .. } => {
                    return Err(err("the opening already ends the game".to_string()))
                }
            }
        }
        Ok(Opening { name, moves })
    })
}

/// The opening a match plays in game `game` (0-based) from a list of `count` openings:
/// each twice in a row (engine 1 Black, then White), cycling; `None` without openings.
///
/// ```
/// use tengen_tuning::openings::opening_of_game;
/// let games: Vec<_> = (0..6).map(|g| opening_of_game(g, 2)).collect();
/// assert_eq!(games, [Some(0), Some(0), Some(1), Some(1), Some(0), Some(0)]);
/// assert_eq!(opening_of_game(3, 0), None);
/// ```
pub fn opening_of_game(game: usize, count: usize) -> Option<usize> {
    (count > 0).then(|| (game / 2) % count)
}

/// The moves of a sequence that starts with Black, each with its colour.
///
/// ```
/// use tengen_tuning::openings::with_colours;
/// use tengen::core::Color;
/// assert_eq!(with_colours(&["a", "b"]), [("a", Color::Black), ("b", Color::White)]);
/// ```
pub fn with_colours<T: Copy>(moves: &[T]) -> Vec<(T, Color)> {
    moves
        .iter()
        .enumerate()
        .map(|(i, &m)| (m, [Color::Black, Color::White][i % 2]))
        .collect()
}

/// A Go opening: moves from the empty board, Black first, colours alternating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoOpening {
    pub name: String,
    /// `None` is a pass.
    pub moves: Vec<Option<Point>>,
}

impl GoOpening {
    /// The moves with their colours.
    ///
    /// ```
    /// use tengen_tuning::openings::GoOpening;
    /// use tengen::core::{Color, Point};
    /// let o = GoOpening { name: "x".into(), moves: vec![Some(Point::new(2, 2)), None] };
    /// let played: Vec<_> = o.coloured_moves().collect();
    /// assert_eq!(played, [(Color::Black, Some(Point::new(2, 2))), (Color::White, None)]);
    /// ```
    pub fn coloured_moves(&self) -> impl Iterator<Item = (Color, Option<Point>)> + '_ {
        with_colours(&self.moves).into_iter().map(|(mv, c)| (c, mv))
    }

    /// The opening as an openings file line, `name: D4 pass C7` (points off a `size`
    /// board are written as passes).
    pub fn to_file_line(&self, size: BoardSize) -> String {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|mv| size.vertex_name(mv.and_then(|p| size.vertex(p))))
            .collect();
        format!("{}: {}", self.name, moves.join(" "))
    }
}

/// Parses a Go openings file (one opening a line: optional `name:`, GTP vertices or
/// `pass`, `#` comments) and plays every opening on a `size` board under `rules`: each
/// move must be legal and the game must not be over after it.
///
/// ```
/// use tengen_tuning::openings::parse_go_openings;
/// use tengen::go::{BoardSize, Rules};
/// let size = BoardSize::new(9).unwrap();
/// let set = parse_go_openings("# two\nsan-san: C3 G7\nE5 pass\n", size, Rules::chinese()).unwrap();
/// assert_eq!((set[0].name.as_str(), set[1].name.as_str()), ("san-san", "line3"));
/// let e = parse_go_openings("C3 c3", size, Rules::chinese()).unwrap_err();
/// assert_eq!(e.line, 1);
/// ```
pub fn parse_go_openings(
    text: &str,
    size: BoardSize,
    rules: Rules,
) -> Result<Vec<GoOpening>, OpeningError> {
    parse_lines(text, |name, body, err| {
        let moves = body
            .split_whitespace()
            .map(|token| {
                size.parse_vertex(token)
                    .map(|v| v.map(|v| size.point(v)))
                    .map_err(|e| err(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let opening = GoOpening { name, moves };
        let mut game = Game::new(size, rules);
        for (colour, mv) in opening.coloured_moves() {
            let vertex = size.vertex_name(mv.and_then(|p| size.vertex(p)));
            game.play(colour, mv)
                .map_err(|e| err(format!("{vertex}: {e}")))?;
            if game.is_over().is_some() {
                return Err(err(format!("{vertex}: the opening ends the game")));
            }
        }
        Ok(opening)
    })
}

/// The openings of a file: each line that is not blank or a comment goes to `read` with
/// its name (`lineN` when it has none), its moves' text and a maker of errors for it.
fn parse_lines<T>(
    text: &str,
    mut read: impl FnMut(String, &str, &dyn Fn(String) -> OpeningError) -> Result<T, OpeningError>,
) -> Result<Vec<T>, OpeningError> {
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
        openings.push(read(name, body, &err)?);
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

    #[test]
    fn go_file_format() {
        let size = BoardSize::new(9).unwrap();
        let text = "# header\n\ncorner: D4 pass c7  # lower case too\nE5 G3\n";
        let set = parse_go_openings(text, size, Rules::chinese()).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0].name, "corner");
        // D4 is column 3, row 4 from the bottom: y = 9 - 4.
        assert_eq!(
            set[0].moves,
            vec![Some(Point::new(3, 5)), None, Some(Point::new(2, 2))]
        );
        assert_eq!(set[0].to_file_line(size), "corner: D4 pass C7");
        assert_eq!(set[1].name, "line4");
        let colours: Vec<Color> = set[0].coloured_moves().map(|(c, _)| c).collect();
        assert_eq!(colours, [Color::Black, Color::White, Color::Black]);
    }

    #[test]
    fn bad_go_files_are_errors() {
        let size = BoardSize::new(9).unwrap();
        let parse = |text: &str| parse_go_openings(text, size, Rules::chinese()).unwrap_err();
        for (text, line, words) in [
            ("E5\nD4 D4", 2, "occupied"),
            ("K1", 1, "K1"),
            ("I3", 1, "I3"),
            ("A10", 1, "A10"),
            ("Z3", 1, "Z3"),
            // White A1 would have no liberty: suicide.
            ("ok: C3\nA2 pass B1 A1", 2, "A1"),
            ("pass pass", 1, "ends the game"),
            ("# nothing\n", 0, "no openings"),
        ] {
            let e = parse(text);
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(e.to_string().contains(words), "{text}: {e}");
        }
    }
}
