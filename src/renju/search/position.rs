//! The searched position: a [`Board`] plus what the search needs to know cheaply — whose
//! move it is and which empty points lie near the stones (the candidate moves).

use crate::core::{Color, Point};
use crate::renju::{Board, Rule, MAX_SIZE};

/// Candidate moves are the empty points within this Chebyshev distance of a stone. A four
/// always has a stone within two points along its line, so no threat lies further out.
const NEAR: i32 = 2;

/// A board being searched, with the side to move and a stone-neighbourhood count.
///
/// ```
/// use tengen::renju::{Board, Rule};
/// use tengen::renju::search::Position;
/// use tengen::core::{Color, Point};
/// let mut pos = Position::new(Board::new(15, Rule::Renju).unwrap(), Color::Black);
/// assert_eq!(pos.candidates(), vec![Point::new(7, 7)]);
/// pos.play(Point::new(7, 7));
/// assert_eq!(pos.candidates().len(), 24);
/// ```
#[derive(Clone)]
pub struct Position {
    board: Board,
    to_move: Color,
    /// For every point index, the number of stones within [`NEAR`].
    near: Box<[u8; MAX_SIZE * MAX_SIZE]>,
}

impl Position {
    /// `board` with `to_move` to play.
    pub fn new(board: Board, to_move: Color) -> Position {
        let mut pos = Position {
            board,
            to_move,
            near: Box::new([0; MAX_SIZE * MAX_SIZE]),
        };
        let stones: Vec<Point> = pos.board.history().iter().map(|&(p, _)| p).collect();
        for p in stones {
            pos.mark_near(p, 1);
        }
        pos
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.board.size()
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        // The side to move is part of the position: the same stones with the other side
        // to move (possible after a pass-free swap) must not share an entry.
        self.board.hash() ^ (self.to_move.index() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Plays `p` for the side to move (the caller has checked it is empty and legal).
    pub fn play(&mut self, p: Point) {
        self.board
            .put(p, self.to_move)
            .expect("search plays only empty points");
        self.mark_near(p, 1);
        self.to_move = !self.to_move;
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        if let Some((p, color)) = self.board.undo() {
            self.mark_near(p, -1);
            self.to_move = color;
        }
    }

    /// May `color` play on `p`? (Empty, and for Black in renju not a foul.)
    #[inline]
    pub fn is_legal(&self, p: Point, color: Color) -> bool {
        self.board.stone(p).is_none()
            && (color == Color::White
                || self.board.rule() != Rule::Renju
                || self.board.foul(p).is_none())
    }

    /// Empty points near the stones, in index order; the centre on an empty board.
    pub fn candidates(&self) -> Vec<Point> {
        let size = self.size();
        if self.board.is_empty() {
            let c = (size / 2) as u8;
            return vec![Point::new(c, c)];
        }
        let mut out = Vec::with_capacity(96);
        for y in 0..size {
            for x in 0..size {
                if self.near[y * MAX_SIZE + x] > 0 {
                    let p = Point::new(x as u8, y as u8);
                    if self.board.stone(p).is_none() {
                        out.push(p);
                    }
                }
            }
        }
        out
    }

    fn mark_near(&mut self, p: Point, delta: i8) {
        let size = self.size() as i32;
        for dy in -NEAR..=NEAR {
            for dx in -NEAR..=NEAR {
                let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                if (0..size).contains(&x) && (0..size).contains(&y) {
                    let n = &mut self.near[y as usize * MAX_SIZE + x as usize];
                    *n = n.wrapping_add_signed(delta);
                }
            }
        }
    }
}
