//! Renju/Gomoku records (`GM[4]`): reading, writing, and replaying them on the rules core.

use super::error::{SgfError, SgfErrorKind};
use super::record::{
    board_size, first_tree, game, main_line, write_header, write_moves, wrong_game, Game, GameInfo,
    Setup,
};
use super::tree::GameTree;
use super::value::point_letters;
use crate::core::{BadSize, Color, Point};
use crate::renju::{Board, Foul, PlaceError, Rule, MAX_SIZE, MIN_SIZE};
use std::fmt;

const RENJU: &str = "Renju/Gomoku (GM[4])";

/// The main line of a Renju or Gomoku game: board, setup stones, and the moves.
///
/// Colours alternate, starting with the side whose turn the setup makes it (White when
/// it has more Black stones than White ones, else Black; `PL` is not read); a record
/// holds no passes. Reading checks that and that every point is on the board; whether the
/// moves are legal under a rule is [`replay`](Self::replay)'s business.
///
/// ```
/// use tengen::protocol::sgf::RenjuRecord;
/// use tengen::core::Point;
/// let r = RenjuRecord::from_sgf("(;GM[4]SZ[15]RU[RIF];B[hh];W[hi];B[ii])").unwrap();
/// assert_eq!(r.moves, [Point::new(7, 7), Point::new(7, 8), Point::new(8, 8)]);
/// assert_eq!(r.info.rules.as_deref(), Some("RIF"));
/// assert!(r.to_sgf().ends_with(";B[hh];W[hi];B[ii])\n"));
/// assert_eq!(RenjuRecord::from_sgf(r.to_sgf()), Ok(r));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenjuRecord {
    /// `SZ`, 15 without it.
    pub size: usize,
    /// `AB`, `AW`, `AE` before the first move.
    pub setup: Setup,
    /// `B` and `W` along the main line, alternating.
    pub moves: Vec<Point>,
    /// `RU`, `RE`, `PB`, `PW`, `DT`.
    pub info: GameInfo,
}

impl Default for RenjuRecord {
    /// An empty 15x15 game.
    fn default() -> Self {
        RenjuRecord {
            size: 15,
            setup: Setup::default(),
            moves: Vec::new(),
            info: GameInfo::default(),
        }
    }
}

/// A board side renju boards come in.
fn renju_size(n: usize) -> Result<usize, BadSize> {
    if (MIN_SIZE..=MAX_SIZE).contains(&n) {
        Ok(n)
    } else {
        Err(BadSize {
            size: n,
            min: MIN_SIZE,
            max: MAX_SIZE,
        })
    }
}

impl RenjuRecord {
    /// The Renju/Gomoku record of the first game tree of an SGF collection.
    pub fn from_sgf(input: impl AsRef<[u8]>) -> Result<RenjuRecord, SgfError> {
        RenjuRecord::from_tree(&first_tree(input)?)
    }

    /// The Renju/Gomoku record of one game tree: its root's properties and its main line.
    pub fn from_tree(tree: &GameTree) -> Result<RenjuRecord, SgfError> {
        let root = tree.root();
        if game(root, RENJU)? != Game::Renju {
            return Err(wrong_game(root, RENJU));
        }
        let size = board_size(root, RenjuRecord::default().size, renju_size)?;
        let line = main_line(tree, size, false)?;
        let mut expected = first_mover(&line.setup);
        let mut moves = Vec::with_capacity(line.moves.len());
        for m in line.moves {
            let kind = match m.point {
                None => SgfErrorKind::RenjuPass,
                Some(_) if m.color != expected => SgfErrorKind::WrongColor { expected },
                Some(p) => {
                    moves.push(p);
                    expected = !expected;
                    continue;
                }
            };
            return Err(SgfError::new(kind, m.at));
        }
        Ok(RenjuRecord {
            size,
            setup: line.setup,
            moves,
            info: GameInfo::read(root)?,
        })
    }

    /// The moves with their colours.
    pub fn colored_moves(&self) -> impl Iterator<Item = (Color, Point)> + '_ {
        let first = first_mover(&self.setup);
        let colors = std::iter::successors(Some(first), |&c| Some(!c));
        colors.zip(self.moves.iter().copied())
    }

    /// The record as an FF\[4\] game tree: root properties, then one node per move.
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        write_header(&mut out, Game::Renju, self.size);
        self.info.write(&mut out);
        self.setup.write(&mut out);
        write_moves(&mut out, self.colored_moves().map(|(c, p)| (c, Some(p))));
        out
    }

    /// The game played out on a renju [`Board`] under `rule`: the setup stones, then every
    /// move, refusing the first that is off the board or occupied, forbidden to Black
    /// (under [`Rule::Renju`]), or played after a five ended the game.
    ///
    /// ```
    /// use tengen::protocol::sgf::RenjuRecord;
    /// use tengen::renju::Rule;
    /// // Black's fifth stone at h8 makes two open threes.
    /// let r = RenjuRecord::from_sgf("(;GM[4];B[fh];W[aa];B[gh];W[ao];B[hf];W[oa];B[hg];W[oo];B[hh])").unwrap();
    /// assert_eq!(r.replay(Rule::Renju).unwrap_err().to_string(),
    ///            "move 9, B[hh]: double-three, forbidden to Black");
    /// assert_eq!(r.replay(Rule::Freestyle).unwrap().stone_count(), 9);
    /// ```
    pub fn replay(&self, rule: Rule) -> Result<Board, RenjuReplayError> {
        let mut board = Board::new(self.size, rule).map_err(RenjuReplayError::Size)?;
        for (color, p) in self.setup.stones() {
            board.put(p, color).map_err(RenjuReplayError::Setup)?;
        }
        let mut won = false;
        for (i, (color, point)) in self.colored_moves().enumerate() {
            let refuse = |why| {
                Err(RenjuReplayError::Move {
                    number: i + 1,
                    color,
                    point,
                    why,
                })
            };
            if won {
                return refuse(RenjuMoveError::AfterFive);
            }
            if color == Color::Black {
                if let Some(foul) = board.foul(point) {
                    return refuse(RenjuMoveError::Forbidden(foul));
                }
            }
            if let Err(e) = board.put(point, color) {
                return refuse(RenjuMoveError::Place(e));
            }
            won = board.is_five_at(point);
        }
        Ok(board)
    }
}

/// Who plays the first move after `setup`: White when it has more Black stones than White
/// ones, else Black.
fn first_mover(setup: &Setup) -> Color {
    if setup.black.len() > setup.white.len() {
        Color::White
    } else {
        Color::Black
    }
}

/// Why a Renju/Gomoku record cannot be played out under the chosen rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenjuReplayError {
    /// The record's board size is not a renju board's.
    Size(BadSize),
    /// A setup stone off the board or on a point already taken.
    Setup(PlaceError),
    /// A move the rule refuses.
    Move {
        /// 1 for the first move after the setup.
        number: usize,
        /// Who played it.
        color: Color,
        /// Where.
        point: Point,
        /// Why it is refused.
        why: RenjuMoveError,
    },
}

/// Why the rule refuses a Renju/Gomoku move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenjuMoveError {
    /// Off the board or occupied.
    Place(PlaceError),
    /// A foul of Black's under renju rules.
    Forbidden(Foul),
    /// An earlier move made five: the game was over.
    AfterFive,
}

impl fmt::Display for RenjuReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenjuReplayError::Size(e) => e.fmt(f),
            RenjuReplayError::Setup(e) => write!(f, "setup: {e}"),
            RenjuReplayError::Move {
                number,
                color,
                point,
                why,
            } => {
                let id = match color {
                    Color::Black => 'B',
                    Color::White => 'W',
                };
                write!(f, "move {number}, {id}[{}]: ", point_letters(*point))?;
                match why {
                    RenjuMoveError::Place(e) => e.fmt(f),
                    RenjuMoveError::Forbidden(foul) => write!(f, "{foul}, forbidden to Black"),
                    RenjuMoveError::AfterFive => f.write_str("the game ended with a five before"),
                }
            }
        }
    }
}

impl std::error::Error for RenjuReplayError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> SgfErrorKind {
        RenjuRecord::from_sgf(text).unwrap_err().kind
    }

    #[test]
    fn record_errors() {
        use SgfErrorKind::*;
        assert!(matches!(kind("(;B[hh])"), UnsupportedGame { found, .. } if found == "1"));
        assert!(matches!(kind("(;GM[1])"), UnsupportedGame { .. }));
        assert!(matches!(kind("(;GM[4]SZ[4])"), BoardSize(e) if e.size == 4));
        assert!(matches!(kind("(;GM[4]SZ[23])"), BoardSize(e) if e.size == 23));
        assert!(RenjuRecord::from_sgf("(;GM[4]SZ[22];B[vv])").is_ok());
        assert!(matches!(kind("(;GM[4]SZ[20:15])"), BadValue { .. }));
        assert!(matches!(kind("(;GM[4];B[pa])"), OffBoard { size: 15, .. }));
        assert!(matches!(kind("(;GM[4];B[tt])"), OffBoard { .. }));
        assert_eq!(kind("(;GM[4];B[hh];W[])"), RenjuPass);
        let white = Color::White;
        assert_eq!(kind("(;GM[4];B[hh];B[hi])"), WrongColor { expected: white });
        assert_eq!(
            kind("(;GM[4];W[hh])"),
            WrongColor {
                expected: Color::Black
            }
        );
        // Three stones set up: White moves next.
        let r = RenjuRecord::from_sgf("(;GM[4]AB[hh][ii]AW[hi];W[gg];B[jj])").unwrap();
        assert_eq!(r.moves.len(), 2);
        assert_eq!(
            kind("(;GM[4]AB[hh][ii]AW[hi];B[gg])"),
            WrongColor { expected: white }
        );
    }

    #[test]
    fn replay_refuses_occupied_points_and_moves_after_a_five() {
        let read = |text: &str| RenjuRecord::from_sgf(text).unwrap();
        let e = read("(;GM[4]AB[hh]AW[ii];B[ii])").replay(Rule::Freestyle);
        let occupied = RenjuMoveError::Place(PlaceError::Occupied(Point::new(8, 8)));
        assert!(matches!(e, Err(RenjuReplayError::Move { number: 1, why, .. }) if why == occupied));
        let five = "(;GM[4];B[ah];W[ai];B[bh];W[bi];B[ch];W[ci];B[dh];W[di];B[eh]";
        assert_eq!(
            read(&format!("{five})"))
                .replay(Rule::Renju)
                .unwrap()
                .stone_count(),
            9
        );
        let e = read(&format!("{five};W[ei])"))
            .replay(Rule::Renju)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 10, W[ei]: the game ended with a five before"
        );
        let mut small = read("(;GM[4]SZ[5])");
        small.size = 4;
        assert!(matches!(
            small.replay(Rule::Renju),
            Err(RenjuReplayError::Size(_))
        ));
    }
}
