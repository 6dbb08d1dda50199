//! A game of Go: the position, the legality choices, the record of moves with undo, and
//! superko.

use super::legality::{Ko, Legality, PlayError};
use super::position::Position;
use super::vertex::{BoardSize, Vertex};
use crate::core::{Color, Point};

/// One move of the record, with what it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Record {
    color: Color,
    mv: Option<Vertex>,
    /// The whole position before the move, so undo is a copy back and exact by
    /// construction (about 25 bytes a point: 9 KiB a move on 19x19).
    before: Position,
    to_move: Color,
}

/// A game in progress: a [`Position`], the [`Legality`] rules it is played under, the side
/// to move and the record of every move, for undo and superko.
///
/// Colours need not alternate (GTP may ask for two Black moves in a row); the side to move
/// is the opponent of whoever moved last, Black at the start. Superko compares the stone
/// hash ([`Position::hash`]) of the new position with those of every earlier position of
/// the game, and for situational superko also the side to move.
///
/// ```
/// use tengen::go::{Board, BoardSize, Ko, Legality, Suicide};
/// use tengen::core::{Color, Point};
/// let rules = Legality { suicide: Suicide::Illegal, ko: Ko::PositionalSuperko };
/// let mut b = Board::new(BoardSize::new(9).unwrap(), rules);
/// b.play(Color::Black, Some(Point::new(4, 4))).unwrap();
/// assert_eq!(b.to_move(), Color::White);
/// assert_eq!(b.undo(), Some((Color::Black, Some(Point::new(4, 4)))));
/// assert_eq!(b.position().hash(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    position: Position,
    legality: Legality,
    to_move: Color,
    history: Vec<Record>,
    /// The stone hash and side to move of every position of the game, the current last.
    seen: Vec<(u64, Color)>,
}

impl Board {
    /// An empty board, Black to move.
    pub fn new(size: BoardSize, legality: Legality) -> Board {
        Board::from_position(Position::new(size), Color::Black, legality)
    }

    /// A game that starts from `position` (stones set up by hand: a handicap, a problem,
    /// a record's setup) with `to_move` to play. Superko counts `position` as the first
    /// position of the game; undo stops there.
    ///
    /// ```
    /// use tengen::go::{Board, BoardSize, Ko, Legality, Position, Suicide};
    /// use tengen::core::{Color, Point};
    /// let size = BoardSize::new(9).unwrap();
    /// let mut handicap = Position::new(size);
    /// handicap.play(Color::Black, size.vertex(Point::new(2, 2)), Suicide::Illegal).unwrap();
    /// let rules = Legality { suicide: Suicide::Illegal, ko: Ko::Simple };
    /// let b = Board::from_position(handicap, Color::White, rules);
    /// assert_eq!((b.to_move(), b.move_count()), (Color::White, 0));
    /// ```
    pub fn from_position(position: Position, to_move: Color, legality: Legality) -> Board {
        let start = (position.hash(), to_move);
        Board {
            position,
            legality,
            to_move,
            history: Vec::new(),
            seen: vec![start],
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules moves are checked against.
    #[inline]
    pub fn legality(&self) -> Legality {
        self.legality
    }

    /// The opponent of the last player to move; Black before the first move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Moves played so far, passes included.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// Plays `color` on `mv`, or passes when `mv` is `None` (always legal). On error the
    /// board is unchanged.
    pub fn play(&mut self, color: Color, mv: Option<Point>) -> Result<(), PlayError> {
        let size = self.position.size();
        let v = mv
            .map(|p| size.vertex(p).ok_or(PlayError::OffBoard(p)))
            .transpose()?;
        let before = self.position.clone();
        self.position.play(color, v, self.legality.suicide)?;
        if let (Some(p), true) = (mv, self.repeats(self.position.hash(), !color)) {
            self.position = before;
            return Err(PlayError::Superko(p));
        }
        self.history.push(Record {
            color,
            mv: v,
            before,
            to_move: self.to_move,
        });
        self.to_move = !color;
        self.seen.push((self.position.hash(), self.to_move));
        Ok(())
    }

    /// Takes back the last move and returns it; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<(Color, Option<Point>)> {
        let record = self.history.pop()?;
        self.seen.pop();
        self.position = record.before;
        self.to_move = record.to_move;
        let size = self.position.size();
        Some((record.color, record.mv.map(|v| size.point(v))))
    }

    /// The points where `color` may play now, superko included, in index order (passing
    /// is always legal and not listed).
    pub fn legal_moves(&self, color: Color) -> Vec<Vertex> {
        let mut moves = self.position.legal_moves(color, self.legality.suicide);
        if self.legality.ko != Ko::Simple {
            // The hash after a placement is foretold without playing it: constant time
            // unless the placement takes stones off.
            moves.retain(|&v| !self.repeats(self.position.removals(color, v).hash_after, !color));
        }
        moves
    }

    /// How many times the current position, with the current side to move, has come
    /// about in this game (1 the first time).
    pub fn repetitions(&self) -> usize {
        let now = self.seen.last().expect("the start position is always seen");
        self.seen.iter().filter(|&seen| seen == now).count()
    }

    /// Would a position with stone hash `hash` and `next` to move break the superko rule?
    fn repeats(&self, hash: u64, next: Color) -> bool {
        match self.legality.ko {
            Ko::Simple => false,
            Ko::PositionalSuperko => self.seen.iter().any(|&(h, _)| h == hash),
            Ko::SituationalSuperko => self.seen.contains(&(hash, next)),
        }
    }
}
