//! The five-in-a-row board: stones, incremental line codes, hashing, win detection.

use super::line::{stone_bits, DIRECTIONS, HALF, WALL};
use super::pattern::{LinePattern, LineTable};
use super::rule::Rule;
pub use crate::core::BadSize;
use crate::core::{Bitboard, Color, Point, SplitMix64};
use once_cell::sync::Lazy;
use std::fmt;

/// Smallest board side.
pub const MIN_SIZE: usize = 5;
/// Largest board side (c-gomoku-cli's limit; Gomocup plays 15 and 20).
pub const MAX_SIZE: usize = 22;

/// A set of points, indexed `y * size + x`.
pub type Points = Bitboard<8>;

// Line codes live on a padded grid: five cells of margin round the largest board, so a
// stone's forty neighbours along the four lines always have a cell.
const PAD: usize = HALF;
const STRIDE: usize = MAX_SIZE + 2 * PAD;
const CELLS: usize = STRIDE * STRIDE;
/// Padded-index step of each direction in [`DIRECTIONS`].
const STEPS: [isize; 4] = {
    let mut s = [0isize; 4];
    let mut d = 0;
    while d < 4 {
        s[d] = DIRECTIONS[d].0 as isize + DIRECTIONS[d].1 as isize * STRIDE as isize;
        d += 1;
    }
    s
};

/// Zobrist keys per colour and point index.
static ZOBRIST: Lazy<[[u64; MAX_SIZE * MAX_SIZE]; 2]> = Lazy::new(|| {
    let mut rng = SplitMix64::new(0x7e4e_9e4e_5ee0_0001);
    let mut keys = [[0; MAX_SIZE * MAX_SIZE]; 2];
    for side in &mut keys {
        for k in side.iter_mut() {
            *k = rng.next_u64();
        }
    }
    keys
});

/// The Zobrist key of a `color` stone on `p`.
#[inline]
fn zobrist(p: Point, color: Color) -> u64 {
    ZOBRIST[color.index()][p.y as usize * MAX_SIZE + p.x as usize]
}

/// Why a stone cannot be put on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceError {
    OffBoard(Point),
    Occupied(Point),
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::OffBoard(p) => write!(f, "point ({},{}) is off the board", p.x, p.y),
            PlaceError::Occupied(p) => write!(f, "point ({},{}) is occupied", p.x, p.y),
        }
    }
}
impl std::error::Error for PlaceError {}

/// A five-in-a-row position under one [`Rule`], with its move history.
///
/// ```
/// use tengen::renju::{Board, Rule};
/// use tengen::core::{Color, Point};
/// let mut b = Board::new(15, Rule::Renju).unwrap();
/// b.put(Point::new(7, 7), Color::Black).unwrap();
/// assert_eq!(b.stone(Point::new(7, 7)), Some(Color::Black));
/// b.undo();
/// assert!(b.is_empty());
/// ```
#[derive(Clone)]
pub struct Board {
    size: usize,
    rule: Rule,
    /// Each colour's pattern lookup under the rule.
    tables: [LineTable; 2],
    stones: [Points; 2],
    /// Line code of every padded cell in each direction (meaningful for on-board cells).
    codes: Box<[[u32; 4]; CELLS]>,
    hash: u64,
    history: Vec<(Point, Color)>,
}

impl Board {
    /// An empty `size` x `size` board.
    pub fn new(size: usize, rule: Rule) -> Result<Board, BadSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BadSize {
                size,
                min: MIN_SIZE,
                max: MAX_SIZE,
            });
        }
        let mut codes = Box::new([[0u32; 4]; CELLS]);
        let on_board =
            |x: isize, y: isize| (0..size as isize).contains(&x) && (0..size as isize).contains(&y);
        for y in 0..size {
            for x in 0..size {
                let cell = &mut codes[padded(Point::new(x as u8, y as u8))];
                for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    for off in (-(HALF as i32)..=HALF as i32).filter(|&o| o != 0) {
                        let (nx, ny) = (
                            x as isize + dx as isize * off as isize,
                            y as isize + dy as isize * off as isize,
                        );
                        if !on_board(nx, ny) {
                            cell[d] |= WALL << (2 * super::line::slot(off));
                        }
                    }
                }
            }
        }
        Ok(Board {
            size,
            rule,
            tables: Color::BOTH.map(|c| LineTable::new(c, rule.five_rule(c))),
            stones: [Points::EMPTY; 2],
            codes,
            hash: 0,
            history: Vec::with_capacity(size * size),
        })
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Is `p` on the board?
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        (p.x as usize) < self.size && (p.y as usize) < self.size
    }

    /// Index of `p` in [`Points`] sets.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        p.y as usize * self.size + p.x as usize
    }

    /// The point of a [`Points`] index.
    #[inline]
    pub fn point(&self, index: usize) -> Point {
        Point::new((index % self.size) as u8, (index / self.size) as u8)
    }

    /// Every point of the board.
    pub fn all_points(&self) -> Points {
        Points::first_n(self.size * self.size)
    }

    #[inline]
    pub fn stones(&self, color: Color) -> Points {
        self.stones[color.index()]
    }

    /// The empty points.
    pub fn empty_points(&self) -> Points {
        self.all_points() - (self.stones[0] | self.stones[1])
    }

    /// The stone on `p`, if any (`None` also off the board).
    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        let i = self.index(p);
        Color::BOTH
            .into_iter()
            .find(|c| self.stones[c.index()].contains(i))
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// Every point is occupied: the game is drawn if nobody has won.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.history.len() == self.size * self.size
    }

    /// The stones in the order they were put.
    #[inline]
    pub fn history(&self) -> &[(Point, Color)] {
        &self.history
    }

    /// The colour to move when colours alternate from Black: Black with as many Black
    /// stones as White ones, else White.
    pub fn side_to_move(&self) -> Color {
        if self.stones[0].len() > self.stones[1].len() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The [`hash`](Self::hash) the board will have once a `color` stone is on the empty
    /// point `p`: a search looks its table entry up while it makes the move.
    #[inline]
    pub fn hash_after(&self, p: Point, color: Color) -> u64 {
        self.hash ^ zobrist(p, color)
    }

    /// Puts a `color` stone on `p` without asking the rules (a position set up by hand, a
    /// move already judged legal). Undone by [`undo`](Self::undo).
    pub fn put(&mut self, p: Point, color: Color) -> Result<(), PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard(p));
        }
        if self.stone(p).is_some() {
            return Err(PlaceError::Occupied(p));
        }
        self.toggle(p, color);
        self.history.push((p, color));
        Ok(())
    }

    /// Takes back the last stone put; `None` on an empty board.
    pub fn undo(&mut self) -> Option<(Point, Color)> {
        let (p, color) = self.history.pop()?;
        self.toggle(p, color);
        Some((p, color))
    }

    /// Adds or removes (the operation is its own inverse) a stone and its line bits.
    #[inline]
    fn toggle(&mut self, p: Point, color: Color) {
        let i = self.index(p);
        self.stones[color.index()].0[i >> 6] ^= 1 << (i & 63);
        self.hash ^= zobrist(p, color);
        // The cells within five steps of `p` in every direction, as one slice of a fixed
        // length: one bounds check for the slice, none for the forty constant offsets
        // into it.
        const REACH: usize = HALF * (STRIDE + 1);
        let centre = padded(p);
        let near: &mut [[u32; 4]; 2 * REACH + 1] = (&mut self.codes
            [centre - REACH..=centre + REACH])
            .try_into()
            .expect("a padded cell has five cells of margin");
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 1..=HALF as isize {
                // The neighbour k steps ahead sees this stone k steps behind it, and back.
                near[(REACH as isize + k * step) as usize][d] ^= stone_bits(-k as i32, color);
                near[(REACH as isize - k * step) as usize][d] ^= stone_bits(k as i32, color);
            }
        }
    }

    /// The raw line code of `p` in direction `d` (index into [`DIRECTIONS`]).
    #[inline]
    pub fn line_code(&self, p: Point, d: usize) -> u32 {
        self.codes[padded(p)][d]
    }

    /// What a `color` stone on the empty point `p` would make on each of the four lines.
    #[inline]
    pub fn patterns(&self, p: Point, color: Color) -> [LinePattern; 4] {
        std::array::from_fn(|d| self.pattern(p, color, d))
    }

    /// What a `color` stone on the empty point `p` would make on the line of direction `d`
    /// (an index into [`DIRECTIONS`](super::line::DIRECTIONS)).
    #[inline]
    pub fn pattern(&self, p: Point, color: Color, d: usize) -> LinePattern {
        self.tables[color.index()].pattern(self.codes[padded(p)][d])
    }

    /// Would a `color` stone on the empty point `p` win (make a five as the rule counts it)?
    ///
    /// In renju a Black five wins even when the same stone makes a forbidden shape elsewhere.
    #[inline]
    pub fn makes_five(&self, p: Point, color: Color) -> bool {
        self.patterns(p, color).iter().any(|l| l.is_five())
    }

    /// Distinct fours a `color` stone on the empty point `p` would make, over all lines.
    #[inline]
    pub fn four_count(&self, p: Point, color: Color) -> u8 {
        self.patterns(p, color).iter().map(|l| l.four_count()).sum()
    }

    /// Lines on which a `color` stone on the empty point `p` would make a three (by shape;
    /// whether its straight-four points are playable is [`foul`](Self::foul)'s business).
    #[inline]
    pub fn three_count(&self, p: Point, color: Color) -> u8 {
        self.patterns(p, color)
            .iter()
            .map(|l| u8::from(l.is_three()))
            .sum()
    }

    /// Does the stone on `p` stand in a five? (For the last move: has its player won?)
    pub fn is_five_at(&self, p: Point) -> bool {
        // A code leaves its centre out, so the question is the same as for an empty point.
        self.stone(p).is_some_and(|color| self.makes_five(p, color))
    }

    /// Padded index of `p` (crate-internal: the forbidden-move search walks lines with it).
    #[inline]
    pub(crate) fn padded_index(&self, p: Point) -> usize {
        padded(p)
    }

    /// The four line codes of a padded index.
    #[inline]
    pub(crate) fn codes_at(&self, pi: usize) -> &[u32; 4] {
        &self.codes[pi]
    }

    /// The pattern lookup of `color`'s stones under the board's rule.
    #[inline]
    pub(crate) fn line_table(&self, color: Color) -> LineTable {
        self.tables[color.index()]
    }

    /// Padded-index step of direction `d`.
    #[inline]
    pub(crate) fn step(d: usize) -> isize {
        STEPS[d]
    }
}

#[inline]
fn padded(p: Point) -> usize {
    (p.y as usize + PAD) * STRIDE + p.x as usize + PAD
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{} {}", self.size, self.size, self.rule)?;
        for y in 0..self.size {
            for x in 0..self.size {
                let c = match self.stone(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line codes recomputed from scratch, to check the incremental ones.
    fn codes_from_scratch(b: &Board, p: Point) -> [u32; 4] {
        std::array::from_fn(|d| {
            let (dx, dy) = DIRECTIONS[d];
            let mut code = 0;
            for off in (-(HALF as i32)..=HALF as i32).filter(|&o| o != 0) {
                let (x, y) = (p.x as i32 + dx as i32 * off, p.y as i32 + dy as i32 * off);
                let s = super::super::line::slot(off);
                if x < 0 || y < 0 || x >= b.size as i32 || y >= b.size as i32 {
                    code |= WALL << (2 * s);
                } else if let Some(c) = b.stone(Point::new(x as u8, y as u8)) {
                    code |= stone_bits(off, c);
                }
            }
            code
        })
    }

    #[test]
    fn incremental_codes_and_hash_match_a_rebuild() {
        let mut rng = SplitMix64::new(11);
        for size in [5, 9, 15, 20, 22] {
            let mut b = Board::new(size, Rule::Renju).unwrap();
            let empty_hash = b.hash();
            for n in 0..size * size / 2 {
                let i = rng.below((size * size) as u64) as usize;
                let p = b.point(i);
                let color = if n % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let _ = b.put(p, color);
                if n % 3 == 2 {
                    b.undo();
                }
            }
            for i in 0..size * size {
                let p = b.point(i);
                assert_eq!(b.line_code(p, 0), codes_from_scratch(&b, p)[0]);
                assert_eq!(*b.codes_at(b.padded_index(p)), codes_from_scratch(&b, p));
            }
            while b.undo().is_some() {}
            assert_eq!(b.hash(), empty_hash);
            for i in 0..size * size {
                let p = b.point(i);
                assert_eq!(*b.codes_at(b.padded_index(p)), codes_from_scratch(&b, p));
            }
        }
    }

    #[test]
    fn bad_sizes_and_places_are_errors() {
        assert_eq!(Board::new(4, Rule::Renju).err().map(|e| e.size), Some(4));
        assert_eq!(Board::new(23, Rule::Renju).err().map(|e| e.size), Some(23));
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        assert_eq!(
            b.put(Point::new(15, 0), Color::Black),
            Err(PlaceError::OffBoard(Point::new(15, 0)))
        );
        b.put(Point::new(3, 3), Color::Black).unwrap();
        assert_eq!(
            b.put(Point::new(3, 3), Color::White),
            Err(PlaceError::Occupied(Point::new(3, 3)))
        );
        assert_eq!(b.stone_count(), 1);
    }
}
