//! Go records (`GM[1]`): reading, writing, and replaying them on the rules core.

use super::error::SgfError;
use super::record::{
    board_size, first_tree, game, main_line, number, real, write_header, write_moves, wrong_game,
    Game, GameInfo, Setup,
};
use super::tree::GameTree;
use super::value::point_letters;
use crate::core::{Color, Point};
use crate::go::{Board, BoardSize, Legality, PlayError, Position, StonesError, DEFAULT_SIZE};
use std::fmt::{self, Write};

const GO: &str = "Go (GM[1])";

/// The main line of a Go game: board, komi, handicap, setup stones, and the moves.
///
/// Reading checks that the values parse and that every point is on the board; whether
/// the moves are legal is [`replay`](Self::replay)'s business. `B[]` is a pass, and so
/// is `B[tt]` on boards up to 19x19 (on larger boards `tt` is a point). A record read
/// from SGF has its setup lists sorted.
///
/// ```
/// use tengen::protocol::sgf::GoRecord;
/// use tengen::go::BoardSize;
/// use tengen::core::{Color, Point};
/// let mut r = GoRecord { size: BoardSize::new(9).unwrap(), komi: Some(5.5), ..GoRecord::default() };
/// r.setup.black.push(Point::new(2, 2));
/// r.moves = vec![(Color::White, Some(Point::new(6, 6))), (Color::Black, None)];
/// let text = r.to_sgf();
/// assert!(text.contains("SZ[9]") && text.contains("KM[5.5]AB[cc]") && text.contains(";W[gg];B[]"));
/// assert_eq!(GoRecord::from_sgf(&text), Ok(r));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoRecord {
    /// `SZ`, 19 without it.
    pub size: BoardSize,
    /// `KM`.
    pub komi: Option<f64>,
    /// `HA`.
    pub handicap: Option<u32>,
    /// `AB`, `AW`, `AE` before the first move.
    pub setup: Setup,
    /// `PL`: who plays first after the setup.
    pub to_move: Option<Color>,
    /// `B` and `W` along the main line; `None` is a pass.
    pub moves: Vec<(Color, Option<Point>)>,
    /// `RU`, `RE`, `PB`, `PW`, `DT`.
    pub info: GameInfo,
}

impl GoRecord {
    /// The Go record of the first game tree of an SGF collection.
    pub fn from_sgf(input: impl AsRef<[u8]>) -> Result<GoRecord, SgfError> {
        GoRecord::from_tree(&first_tree(input)?)
    }

    /// The Go record of one game tree: its root's properties and its main line.
    pub fn from_tree(tree: &GameTree) -> Result<GoRecord, SgfError> {
        let root = tree.root();
        if game(root, GO)? != Game::Go {
            return Err(wrong_game(root, GO));
        }
        let size = board_size(root, DEFAULT_SIZE, BoardSize::new)?;
        let line = main_line(tree, size.get(), size.get() <= 19)?;
        Ok(GoRecord {
            size,
            komi: root.get("KM").map(real).transpose()?,
            handicap: root.get("HA").map(number).transpose()?,
            setup: line.setup,
            to_move: line.to_move,
            moves: line.moves.iter().map(|m| (m.color, m.point)).collect(),
            info: GameInfo::read(root)?,
        })
    }

    /// The record as an FF\[4\] game tree: root properties, then one node per move.
    /// (Komi that is not a finite number is left out.)
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        write_header(&mut out, Game::Go, self.size.get());
        if let Some(komi) = self.komi.filter(|k| k.is_finite()) {
            let _ = write!(out, "KM[{komi}]");
        }
        if let Some(handicap) = self.handicap {
            let _ = write!(out, "HA[{handicap}]");
        }
        self.info.write(&mut out);
        self.setup.write(&mut out);
        if let Some(color) = self.to_move {
            out.push_str(match color {
                Color::Black => "PL[B]",
                Color::White => "PL[W]",
            });
        }
        write_moves(&mut out, self.moves.iter().copied());
        out
    }

    /// The game played out on a [`Board`] under `legality`: the setup stones, then every
    /// move, refusing the first that breaks the rules. The board holds the final position
    /// and its prisoners ([`Position::captures`]).
    ///
    /// The side to move at the start is `PL`, else the first move's colour, else White
    /// after a handicap (`HA`), else Black. Moves need not alternate.
    ///
    /// ```
    /// use tengen::protocol::sgf::GoRecord;
    /// use tengen::go::{Ko, Legality, Suicide};
    /// use tengen::core::Color;
    /// let japanese = Legality { suicide: Suicide::Illegal, ko: Ko::Simple };
    /// let capture = GoRecord::from_sgf("(;SZ[5]AB[ba][ab];W[aa];B[];W[ee])").unwrap();
    /// assert_eq!(capture.replay(japanese).unwrap_err().to_string(),
    ///            "move 1, W[aa]: a move at (0,0) would be suicide");
    /// let take = GoRecord::from_sgf("(;SZ[5]AW[aa]AB[ba];B[ab])").unwrap();
    /// assert_eq!(take.replay(japanese).unwrap().position().captures(Color::Black), 1);
    /// ```
    pub fn replay(&self, legality: Legality) -> Result<Board, GoReplayError> {
        let to_move = self
            .to_move
            .or(self.moves.first().map(|&(color, _)| color))
            .unwrap_or(match self.handicap {
                Some(h) if h > 0 => Color::White,
                _ => Color::Black,
            });
        let position = self.setup_position().map_err(GoReplayError::Setup)?;
        let mut board = Board::from_position(position, to_move, legality);
        for (i, &(color, mv)) in self.moves.iter().enumerate() {
            board.play(color, mv).map_err(|error| GoReplayError::Move {
                number: i + 1,
                color,
                error,
            })?;
        }
        Ok(board)
    }

    /// The position of the setup stones.
    fn setup_position(&self) -> Result<Position, StonesError> {
        Position::with_stones(self.size, self.setup.stones())
    }
}

/// Why a Go record cannot be played out under the chosen rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoReplayError {
    /// The setup stones cannot stand on the board.
    Setup(StonesError),
    /// A move the rules refuse.
    Move {
        /// 1 for the first move after the setup.
        number: usize,
        /// Who played it.
        color: Color,
        /// Why the rules refuse it (the error names the point).
        error: PlayError,
    },
}

impl fmt::Display for GoReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoReplayError::Setup(e) => {
                let (p, why) = match e {
                    StonesError::OffBoard(p) => (p, "is off the board"),
                    StonesError::Twice(p) => (p, "has a stone of each colour"),
                    StonesError::NoLiberty(p) => (p, "is in a chain without liberties"),
                };
                write!(f, "setup point [{}] {why}", point_letters(*p))
            }
            GoReplayError::Move {
                number,
                color,
                error,
            } => {
                let p = match *error {
                    PlayError::OffBoard(p)
                    | PlayError::Occupied(p)
                    | PlayError::Suicide(p)
                    | PlayError::Ko(p)
                    | PlayError::Superko(p) => p,
                };
                let id = match color {
                    Color::Black => 'B',
                    Color::White => 'W',
                };
                write!(f, "move {number}, {id}[{}]: {error}", point_letters(p))
            }
        }
    }
}

impl std::error::Error for GoReplayError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Ko, Suicide};
    use crate::protocol::sgf::SgfErrorKind;

    const JAPANESE: Legality = Legality {
        suicide: Suicide::Illegal,
        ko: Ko::Simple,
    };

    fn kind(text: &str) -> SgfErrorKind {
        GoRecord::from_sgf(text).unwrap_err().kind
    }

    #[test]
    fn defaults_and_passes() {
        let r = GoRecord::from_sgf("(;;B[tt];W[];B[aa])").unwrap();
        assert_eq!(r.size.get(), 19);
        assert_eq!((r.komi, r.handicap, r.to_move), (None, None, None));
        let p = Some(Point::new(0, 0));
        assert_eq!(
            r.moves,
            [
                (Color::Black, None),
                (Color::White, None),
                (Color::Black, p)
            ]
        );
        // On 20x20 and up `tt` is the point (19, 19).
        let r = GoRecord::from_sgf("(;SZ[21];B[tt])").unwrap();
        assert_eq!(r.moves, [(Color::Black, Some(Point::new(19, 19)))]);
    }

    #[test]
    fn setup_applies_rectangles_and_erasures_in_order() {
        let r = GoRecord::from_sgf("(;SZ[5]AB[aa:bc]AW[dd];AE[ab][dd]AW[ee];B[ed])").unwrap();
        let pts = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
        assert_eq!(
            r.setup.black,
            pts(&[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)])
        );
        assert_eq!(r.setup.white, pts(&[(4, 4)]));
        assert_eq!(r.moves.len(), 1);
        // Corners in either order make the same rectangle.
        let flipped = GoRecord::from_sgf("(;SZ[5]AB[bc:aa]AW[dd];AE[ab][dd]AW[ee];B[ed])");
        assert_eq!(flipped.unwrap(), r);
    }

    #[test]
    fn record_errors() {
        use SgfErrorKind::*;
        assert!(matches!(kind("(;GM[4])"), UnsupportedGame { found, .. } if found == "4"));
        assert!(matches!(kind("(;GM[3])"), UnsupportedGame { .. }));
        assert!(matches!(kind("(;SZ[26])"), BoardSize(e) if e.size == 26));
        assert!(matches!(kind("(;SZ[1])"), BoardSize(e) if e.size == 1));
        assert!(matches!(kind("(;SZ[19:13])"), BadValue { .. }));
        assert!(GoRecord::from_sgf("(;SZ[13:13])").is_ok());
        assert!(matches!(kind("(;SZ[x])"), BadValue { .. }));
        assert!(matches!(kind("(;KM[6.5.])"), BadValue { .. }));
        assert!(matches!(kind("(;KM[inf])"), BadValue { .. }));
        assert!(matches!(kind("(;KM[1e3])"), BadValue { .. }));
        assert!(matches!(kind("(;HA[-2])"), BadValue { .. }));
        assert!(matches!(kind("(;HA[2][3])"), TooManyValues(id) if id == "HA"));
        assert!(matches!(kind("(;PL[X])"), BadValue { .. }));
        assert!(matches!(kind("(;SZ[9];B[ja])"), OffBoard { size: 9, .. }));
        assert!(matches!(kind("(;SZ[9];B[a])"), BadValue { .. }));
        assert!(matches!(kind("(;SZ[9]AB[aa:ja])"), OffBoard { .. }));
        assert!(matches!(kind("(;AB[])"), BadValue { .. }));
        assert_eq!(kind("(;B[aa]W[bb])"), TwoMoves);
        assert_eq!(kind("(;AB[aa]B[bb])"), SetupWithMove);
        assert_eq!(kind("(;B[aa];AW[bb])"), SetupAfterMove);
        assert_eq!(kind("(;B[aa];PL[B])"), SetupAfterMove);
        assert_eq!(kind("(;AB[aa:bb]AW[bb])"), PointSetUpTwice("bb".into()));
        assert_eq!(kind("(;AB[aa:bb]AE[bb])"), PointSetUpTwice("bb".into()));
    }

    #[test]
    fn replay_reports_setup_problems_and_the_side_to_move() {
        let read = |text: &str| GoRecord::from_sgf(text).unwrap();
        let e = read("(;SZ[3]AB[aa]AW[ba][ab])")
            .replay(JAPANESE)
            .unwrap_err();
        assert_eq!(
            e,
            GoReplayError::Setup(StonesError::NoLiberty(Point::new(0, 0)))
        );
        let e = read("(;SZ[3]AB[aa:bb]AW[ac:cc][ca:cb])").replay(JAPANESE);
        assert_eq!(
            e.unwrap_err().to_string(),
            "setup point [aa] is in a chain without liberties"
        );
        assert!(read("(;SZ[3]AB[aa:bb]AW[ac:bc][ca])")
            .replay(JAPANESE)
            .is_ok());
        let mut twice = read("(;SZ[3]AB[aa])");
        twice.setup.white.push(Point::new(0, 0));
        let e = GoReplayError::Setup(StonesError::Twice(Point::new(0, 0)));
        assert_eq!(twice.replay(JAPANESE), Err(e));
        let to_move = |text: &str| read(text).replay(JAPANESE).unwrap().to_move();
        assert_eq!(to_move("(;HA[2]AB[dd][pp])"), Color::White);
        assert_eq!(to_move("(;HA[2]AB[dd][pp]PL[B])"), Color::Black);
        assert_eq!(to_move("(;)"), Color::Black);
    }
}
