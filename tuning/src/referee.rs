//! The referee: judges every move of a game with the exact rules of [`tengen::renju`].
//!
//! ```
//! use tengen_tuning::referee::{Referee, Verdict};
//! use tengen::renju::Rule;
//! use tengen::core::Point;
//! let mut r = Referee::new(15, Rule::Freestyle).unwrap();
//! assert_eq!(r.play(Point::new(7, 7)), Verdict::Continue);
//! assert!(matches!(r.play(Point::new(7, 7)), Verdict::Illegal(_)));
//! ```

use std::fmt;
use tengen::core::{Color, Point};
use tengen::renju::{BadSize, Board, Foul, PlaceError, Rule};

/// Why a move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The line was not `x,y`.
    Unparsable(String),
    OffBoard(Point),
    Occupied(Point),
    /// A forbidden Black move under renju rules.
    Forbidden(Point, Foul),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Unparsable(line) => write!(f, "unparsable move line {line:?}"),
            IllegalMove::OffBoard(p) => write!(f, "move {},{} is off the board", p.x, p.y),
            IllegalMove::Occupied(p) => write!(f, "move {},{} is on an occupied point", p.x, p.y),
            IllegalMove::Forbidden(p, foul) => {
                write!(f, "forbidden move {},{} ({foul})", p.x, p.y)
            }
        }
    }
}

/// What a move did to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move stands and the game goes on.
    Continue,
    /// The move made a five: its player wins.
    Five,
    /// The move filled the board without a five: a draw.
    BoardFull,
    /// The move left Black (to move) only forbidden points: Black must pass. The Gomocup
    /// protocol has no pass, so the game is decided here: White wins if it has a five to
    /// play next, otherwise it is a draw (White, too, is taken to pass).
    NoLegalMove { white_five: bool },
    /// The move is not allowed: its player loses. The board is unchanged.
    Illegal(IllegalMove),
}

/// A game's board and its judge. Colours alternate from Black.
#[derive(Clone, Debug)]
pub struct Referee {
    board: Board,
}

impl Referee {
    /// An empty `size` x `size` board under `rule`.
    pub fn new(size: usize, rule: Rule) -> Result<Referee, BadSize> {
        Ok(Referee {
            board: Board::new(size, rule)?,
        })
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The moves played so far, Black first.
    pub fn moves(&self) -> Vec<Point> {
        self.board.history().iter().map(|&(p, _)| p).collect()
    }

    /// Judges and, if it is legal, plays a move of the side to move.
    pub fn play(&mut self, p: Point) -> Verdict {
        let color = self.to_move();
        if !self.board.contains(p) {
            return Verdict::Illegal(IllegalMove::OffBoard(p));
        }
        if self.board.stone(p).is_some() {
            return Verdict::Illegal(IllegalMove::Occupied(p));
        }
        // `foul` is asked before the stone is put, and never calls a five a foul.
        if color == Color::Black {
            if let Some(foul) = self.board.foul(p) {
                return Verdict::Illegal(IllegalMove::Forbidden(p, foul));
            }
        }
        match self.board.put(p, color) {
            Ok(()) => {}
            Err(PlaceError::OffBoard(p)) => return Verdict::Illegal(IllegalMove::OffBoard(p)),
            Err(PlaceError::Occupied(p)) => return Verdict::Illegal(IllegalMove::Occupied(p)),
        }
        if self.board.is_five_at(p) {
            Verdict::Five
        } else if self.board.is_full() {
            Verdict::BoardFull
        } else if !self.has_legal_move() {
            let b = &self.board;
            Verdict::NoLegalMove {
                white_five: b
                    .empty_points()
                    .iter()
                    .any(|i| b.makes_five(b.point(i), Color::White)),
            }
        } else {
            Verdict::Continue
        }
    }

    /// Has the side to move a legal move? (Only Black in renju can lack one.)
    fn has_legal_move(&self) -> bool {
        let (b, white) = (&self.board, self.to_move() == Color::White);
        b.empty_points()
            .iter()
            .any(|i| white || b.foul(b.point(i)).is_none())
    }

    /// Parses and plays an engine's move line (see [`parse_move`]).
    pub fn play_line(&mut self, line: &str) -> Verdict {
        match parse_move(line) {
            Some(p) => self.play(p),
            None => Verdict::Illegal(IllegalMove::Unparsable(truncate(line, 80))),
        }
    }
}

/// Parses a Gomocup move line `x,y` (spaces around the numbers allowed). Coordinates too
/// large for a [`Point`] parse as a point off every board (255), so they are judged
/// off-board rather than unparsable; negative or non-numeric ones are unparsable.
///
/// ```
/// use tengen_tuning::referee::parse_move;
/// use tengen::core::Point;
/// assert_eq!(parse_move(" 7, 8\r"), Some(Point::new(7, 8)));
/// assert_eq!(parse_move("7 8"), None);
/// assert_eq!(parse_move("-1,3"), None);
/// ```
pub fn parse_move(line: &str) -> Option<Point> {
    let (x, y) = line.trim().split_once(',')?;
    let coord = |s: &str| -> Option<u8> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(s.parse::<u64>().map_or(u8::MAX, |v| v.min(255) as u8))
    };
    Some(Point::new(coord(x)?, coord(y)?))
}

/// At most `max` characters of `s`, with `...` when cut.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max).collect();
        t.push_str("...");
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn referee(size: usize, rule: Rule, moves: &[(u8, u8)]) -> Referee {
        let mut r = Referee::new(size, rule).unwrap();
        for &(x, y) in moves {
            assert_eq!(r.play(Point::new(x, y)), Verdict::Continue, "({x},{y})");
        }
        r
    }

    #[test]
    fn five_wins() {
        // Black on row 0, White on row 1; Black's fifth stone wins.
        let mut r = referee(
            6,
            Rule::Freestyle,
            &[
                (0, 0),
                (0, 1),
                (1, 0),
                (1, 1),
                (2, 0),
                (2, 1),
                (3, 0),
                (3, 1),
            ],
        );
        assert_eq!(r.to_move(), Color::Black);
        assert_eq!(r.play(Point::new(4, 0)), Verdict::Five);
        assert_eq!(r.moves().len(), 9);
    }

    #[test]
    fn white_five_wins_too() {
        let mut r = referee(
            15,
            Rule::Renju,
            &[
                (7, 7),
                (0, 0),
                (7, 9),
                (1, 0),
                (9, 9),
                (2, 0),
                (9, 7),
                (3, 0),
            ],
        );
        assert_eq!(r.play(Point::new(11, 11)), Verdict::Continue);
        assert_eq!(r.play(Point::new(4, 0)), Verdict::Five);
    }

    #[test]
    fn overline_is_not_a_five_in_standard() {
        // Black: 0..3 and 5 on row 0; playing 4 makes six.
        let moves = [
            (0, 0),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 2),
            (5, 0),
            (3, 3),
            (3, 0),
            (5, 3),
        ];
        let mut r = referee(8, Rule::Standard, &moves);
        assert_eq!(r.play(Point::new(4, 0)), Verdict::Continue);
        let mut r = referee(8, Rule::Freestyle, &moves);
        assert_eq!(r.play(Point::new(4, 0)), Verdict::Five);
    }

    #[test]
    fn forbidden_black_move_loses_in_renju_only() {
        // Black threes crossing at (7,7): (5,7),(6,7) and (7,5),(7,6). White far away.
        let moves = [
            (5, 7),
            (0, 0),
            (6, 7),
            (0, 14),
            (7, 5),
            (14, 0),
            (7, 6),
            (14, 14),
        ];
        let mut r = referee(15, Rule::Renju, &moves);
        assert_eq!(
            r.play(Point::new(7, 7)),
            Verdict::Illegal(IllegalMove::Forbidden(Point::new(7, 7), Foul::DoubleThree))
        );
        assert_eq!(
            r.moves().len(),
            8,
            "an illegal move leaves the board as it was"
        );
        let mut r = referee(15, Rule::Freestyle, &moves);
        assert_eq!(r.play(Point::new(7, 7)), Verdict::Continue);
        // White may make the same shape in renju.
        let swapped = [
            (0, 0),
            (5, 7),
            (0, 14),
            (6, 7),
            (14, 0),
            (7, 5),
            (14, 14),
            (7, 6),
        ];
        let mut r = referee(15, Rule::Renju, &swapped);
        assert_eq!(r.play(Point::new(1, 1)), Verdict::Continue);
        assert_eq!(r.play(Point::new(7, 7)), Verdict::Continue);
    }

    #[test]
    fn occupied_and_off_board_lose() {
        let mut r = referee(5, Rule::Freestyle, &[(2, 2)]);
        assert_eq!(
            r.play(Point::new(2, 2)),
            Verdict::Illegal(IllegalMove::Occupied(Point::new(2, 2)))
        );
        assert_eq!(
            r.play(Point::new(5, 0)),
            Verdict::Illegal(IllegalMove::OffBoard(Point::new(5, 0)))
        );
        assert_eq!(
            r.play_line("99999999999,1"),
            Verdict::Illegal(IllegalMove::OffBoard(Point::new(255, 1)))
        );
        assert!(matches!(
            r.play_line("hello"),
            Verdict::Illegal(IllegalMove::Unparsable(_))
        ));
        assert_eq!(r.play_line("1,1"), Verdict::Continue);
    }

    #[test]
    fn full_board_without_five_is_a_draw() {
        // A 5x5 filling without five in a row: Black where x + y / 2 is even (colours
        // alternate along rows, in pairs down columns, and break both long diagonals).
        let size = 5;
        let color_at = |x: u8, y: u8| (u32::from(x) + u32::from(y / 2)) % 2 == 0;
        let black: Vec<(u8, u8)> = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .filter(|&(x, y)| color_at(x, y))
            .collect();
        let white: Vec<(u8, u8)> = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .filter(|&(x, y)| !color_at(x, y))
            .collect();
        assert_eq!(black.len(), 13);
        assert_eq!(white.len(), 12);
        let mut r = Referee::new(size as usize, Rule::Freestyle).unwrap();
        let mut last = Verdict::Continue;
        for i in 0..25 {
            let (x, y) = if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            };
            assert_eq!(last, Verdict::Continue, "move {i}");
            last = r.play(Point::new(x, y));
        }
        assert_eq!(last, Verdict::BoardFull);
    }

    #[test]
    fn move_lines_parse_strictly() {
        assert_eq!(parse_move("0,0"), Some(Point::new(0, 0)));
        assert_eq!(parse_move("14,3\r\n"), Some(Point::new(14, 3)));
        for bad in ["", ",", "1,", ",1", "a,b", "1,2,3", "1.5,2", "OK", "+1,2"] {
            assert_eq!(parse_move(bad), None, "{bad:?}");
        }
        assert_eq!(truncate("abcdef", 3), "abc...");
        assert_eq!(truncate("abc", 3), "abc");
    }

    /// Plays a 7x7 board diagram (rows from the top, `x` Black, `o` White, one `.`),
    /// Black's and White's stones alternately in reading order, all but White's last;
    /// returns the referee and White's last stone.
    fn all_but_last(diagram: &str) -> (Referee, Point) {
        let cells: Vec<(Point, char)> = diagram
            .chars()
            .enumerate()
            .map(|(i, c)| (Point::new((i % 7) as u8, (i / 7) as u8), c))
            .collect();
        let of = |want: char| cells.iter().filter(move |c| c.1 == want).map(|c| c.0);
        let mut moves: Vec<(u8, u8)> = of('x')
            .zip(of('o'))
            .flat_map(|(b, w)| [b, w])
            .map(|p| (p.x, p.y))
            .collect();
        let (x, y) = moves.pop().unwrap();
        (referee(7, Rule::Renju, &moves), Point::new(x, y))
    }

    #[test]
    fn black_left_only_forbidden_points_ends_the_game() {
        // The one empty point, d4, would make Black an overline (row 3).
        let (mut r, last) = all_but_last("oxxoooxoooxooxoxxooxxxxx.xxxooooxxoxooxooxxoooxxx");
        assert_eq!(r.play(last), Verdict::NoLegalMove { white_five: true });
        let (mut r, last) = all_but_last("oooxooooxoxoxoxoxxoxxxxx.xxxoxooooxxxxooooxxxxooo");
        assert_eq!(r.play(last), Verdict::NoLegalMove { white_five: false });
    }
}
