//! Board sizes, vertices, and the per-size tables the position walks (neighbours,
//! diagonals, Zobrist keys).

pub use crate::core::BadSize;
use crate::core::{Bitboard, Point, SplitMix64};
use once_cell::sync::Lazy;

/// Smallest board side.
pub const MIN_SIZE: usize = 2;
/// Largest board side (GTP's limit: its letters run out at 25 columns).
pub const MAX_SIZE: usize = 25;
/// The board side when nobody chooses one.
pub const DEFAULT_SIZE: usize = 19;

/// A set of vertices, indexed by [`Vertex::index`] (625 points fit in 10 words).
pub type Points = Bitboard<10>;
const _: () = assert!(Points::CAPACITY >= MAX_SIZE * MAX_SIZE);

/// The side of a square Go board, known to be within `2..=25`.
///
/// ```
/// use tengen::go::BoardSize;
/// use tengen::core::Point;
/// let size = BoardSize::new(9).unwrap();
/// let v = size.vertex(Point::new(2, 3)).unwrap();
/// assert_eq!((v.index(), size.point(v)), (29, Point::new(2, 3)));
/// assert!(BoardSize::new(26).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The `n` x `n` board, or [`BadSize`] when `n` is outside `2..=25`.
    pub fn new(n: usize) -> Result<BoardSize, BadSize> {
        if (MIN_SIZE..=MAX_SIZE).contains(&n) {
            Ok(BoardSize(n as u8))
        } else {
            Err(BadSize {
                size: n,
                min: MIN_SIZE,
                max: MAX_SIZE,
            })
        }
    }

    /// The side length.
    #[inline]
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// Number of points on the board.
    #[inline]
    pub fn points(self) -> usize {
        self.get() * self.get()
    }

    /// The vertex of `p`, or `None` when `p` is off the board.
    #[inline]
    pub fn vertex(self, p: Point) -> Option<Vertex> {
        let n = self.get();
        ((p.x as usize) < n && (p.y as usize) < n)
            .then(|| Vertex((p.y as usize * n + p.x as usize) as u16))
    }

    /// The vertex with [`Points`] index `index`, or `None` past the last point.
    #[inline]
    pub fn vertex_at(self, index: usize) -> Option<Vertex> {
        (index < self.points()).then_some(Vertex(index as u16))
    }

    /// The coordinates of `v`.
    #[inline]
    pub fn point(self, v: Vertex) -> Point {
        let n = self.get();
        Point::new((v.index() % n) as u8, (v.index() / n) as u8)
    }

    /// Every vertex of the board, in index order.
    pub fn vertices(self) -> impl Iterator<Item = Vertex> {
        (0..self.points() as u16).map(Vertex)
    }

    /// The points next to a point of `set` (a point of `set` is among them when a
    /// neighbour of it is in `set` too): one step of a flood fill, by shifts of whole
    /// bitboards.
    ///
    /// ```
    /// use tengen::go::{BoardSize, Points};
    /// let size = BoardSize::new(3).unwrap();
    /// let mut corner = Points::EMPTY;
    /// corner.insert(0);
    /// assert_eq!(size.neighbours_of(corner).iter().collect::<Vec<_>>(), vec![1, 3]);
    /// ```
    pub fn neighbours_of(self, set: Points) -> Points {
        let geo = self.geometry();
        let n = self.get() as u32;
        set.shifted_down(n)
            | set.shifted_up(n) & geo.board
            | (set & geo.has_left).shifted_down(1)
            | (set & geo.has_right).shifted_up(1)
    }

    /// The points of `within` connected to a point of `seed & within` through points of
    /// `within`.
    ///
    /// ```
    /// use tengen::go::{BoardSize, Points};
    /// let size = BoardSize::new(3).unwrap();
    /// let (mut seed, mut column) = (Points::EMPTY, Points::EMPTY);
    /// seed.insert(0);
    /// for i in [0, 3, 6, 8] {
    ///     column.insert(i);
    /// }
    /// assert_eq!(size.flood(seed, column).iter().collect::<Vec<_>>(), vec![0, 3, 6]);
    /// ```
    pub fn flood(self, seed: Points, within: Points) -> Points {
        let mut filled = seed & within;
        loop {
            let grown = (filled | self.neighbours_of(filled)) & within;
            if grown == filled {
                return filled;
            }
            filled = grown;
        }
    }

    /// The connected parts of `set` (through neighbouring points), lowest point first.
    ///
    /// ```
    /// use tengen::go::{BoardSize, Points};
    /// let size = BoardSize::new(3).unwrap();
    /// let mut set = Points::EMPTY;
    /// for i in [0, 1, 5, 8] {
    ///     set.insert(i);
    /// }
    /// assert_eq!(size.components(set).len(), 2);
    /// ```
    pub fn components(self, set: Points) -> Vec<Points> {
        let mut parts = Vec::new();
        let mut rest = set;
        while let Some(start) = rest.first() {
            let mut seed = Points::EMPTY;
            seed.insert(start);
            let part = self.flood(seed, rest);
            rest = rest - part;
            parts.push(part);
        }
        parts
    }

    /// Every point of the board.
    #[inline]
    pub fn all_points(self) -> Points {
        self.geometry().board
    }

    /// The tables of this size, built once for all sizes.
    #[inline]
    pub(super) fn geometry(self) -> &'static Geometry {
        &GEOMETRIES[self.get() - MIN_SIZE]
    }
}

impl Default for BoardSize {
    /// 19 x 19.
    fn default() -> Self {
        BoardSize(DEFAULT_SIZE as u8)
    }
}

/// A point of a board of some [`BoardSize`], as its index `y * size + x` (the bit of
/// [`Points`]). A vertex means nothing without its board size; [`BoardSize::vertex`] makes
/// one from coordinates and [`BoardSize::point`] turns it back. Handing a position a vertex
/// of a larger board is a bug in the caller (and may panic); text from outside enters as a
/// [`Point`], which is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub(super) u16);

impl Vertex {
    /// The index `y * size + x`.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Per-point constants of one board size. Neighbours and diagonals off the board are the
/// sentinel index `size * size`, a cell the position keeps permanently marked off-board, so
/// the hot loops never test coordinates.
pub(super) struct Geometry {
    pub(super) size: BoardSize,
    /// Up, left, right, down.
    pub(super) neighbours: Box<[[u16; 4]]>,
    pub(super) diagonals: Box<[[u16; 4]]>,
    /// The point has fewer than four neighbours on the board.
    pub(super) on_edge: Box<[bool]>,
    /// Zobrist key of a stone of each colour on each point.
    pub(super) keys: Box<[[u64; 2]]>,
    /// Every point; those with a neighbour to the left (x > 0); to the right.
    pub(super) board: Points,
    has_left: Points,
    has_right: Points,
}

impl Geometry {
    fn new(n: usize) -> Geometry {
        let off = (n * n) as u16;
        let at = |x: usize, y: usize, dx: isize, dy: isize| {
            let (x, y) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            if x < n && y < n {
                (y * n + x) as u16
            } else {
                off
            }
        };
        let cells = || (0..n * n).map(|i| (i % n, i / n));
        let select = |keep: &dyn Fn(usize) -> bool| {
            let mut set = Points::EMPTY;
            cells()
                .filter(|&(x, _)| keep(x))
                .for_each(|(x, y)| set.insert(y * n + x));
            set
        };
        // Keys depend on the index only: every size draws the same sequence.
        let mut rng = SplitMix64::new(0x60_5eed_2b0a_4d00);
        Geometry {
            size: BoardSize(n as u8),
            neighbours: cells()
                .map(|(x, y)| {
                    [
                        at(x, y, 0, -1),
                        at(x, y, -1, 0),
                        at(x, y, 1, 0),
                        at(x, y, 0, 1),
                    ]
                })
                .collect(),
            diagonals: cells()
                .map(|(x, y)| {
                    [
                        at(x, y, -1, -1),
                        at(x, y, 1, -1),
                        at(x, y, -1, 1),
                        at(x, y, 1, 1),
                    ]
                })
                .collect(),
            on_edge: cells()
                .map(|(x, y)| x == 0 || y == 0 || x == n - 1 || y == n - 1)
                .collect(),
            keys: (0..n * n)
                .map(|_| [rng.next_u64(), rng.next_u64()])
                .collect(),
            board: Points::first_n(n * n),
            has_left: select(&|x| x > 0),
            has_right: select(&|x| x + 1 < n),
        }
    }
}

impl Geometry {
    /// The neighbours of the point `v` (`v < size * size`). Unchecked: for the points the
    /// position produces itself.
    #[inline(always)]
    pub(super) fn neighbours_of(&self, v: usize) -> &[u16; 4] {
        debug_assert!(v < self.neighbours.len());
        // SAFETY: the tables have one entry per point, and `v` is one.
        unsafe { self.neighbours.get_unchecked(v) }
    }

    /// The diagonals of the point `v`, as [`neighbours_of`](Self::neighbours_of).
    #[inline(always)]
    pub(super) fn diagonals_of(&self, v: usize) -> &[u16; 4] {
        debug_assert!(v < self.diagonals.len());
        // SAFETY: as in `neighbours_of`.
        unsafe { self.diagonals.get_unchecked(v) }
    }

    /// Is the point `v` on the edge, as [`neighbours_of`](Self::neighbours_of).
    #[inline(always)]
    pub(super) fn is_on_edge(&self, v: usize) -> bool {
        debug_assert!(v < self.on_edge.len());
        // SAFETY: as in `neighbours_of`.
        unsafe { *self.on_edge.get_unchecked(v) }
    }

    /// The key of a `color` stone on the point `v`, as [`neighbours_of`](Self::neighbours_of).
    #[inline(always)]
    pub(super) fn key(&self, v: usize, color: u8) -> u64 {
        debug_assert!(v < self.keys.len());
        // SAFETY: as in `neighbours_of`; `& 1` keeps the colour index in its pair.
        unsafe { self.keys.get_unchecked(v)[usize::from(color & 1)] }
    }
}

/// Positions compare their geometry by size: there is one table per size.
impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
    }
}
impl Eq for Geometry {}

static GEOMETRIES: Lazy<Vec<Geometry>> =
    Lazy::new(|| (MIN_SIZE..=MAX_SIZE).map(Geometry::new).collect());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_errors() {
        for n in [0, 1, 26, 300] {
            assert_eq!(
                BoardSize::new(n),
                Err(BadSize {
                    size: n,
                    min: MIN_SIZE,
                    max: MAX_SIZE,
                })
            );
        }
        assert_eq!(BoardSize::default().get(), 19);
        assert_eq!(BoardSize::new(25).unwrap().points(), 625);
    }

    #[test]
    fn vertices_round_trip_and_reject_off_board_points() {
        for n in [2, 9, 25] {
            let size = BoardSize::new(n).unwrap();
            for v in size.vertices() {
                assert_eq!(size.vertex(size.point(v)), Some(v));
                assert_eq!(size.vertex_at(v.index()), Some(v));
            }
            assert_eq!(size.vertex(Point::new(n as u8, 0)), None);
            assert_eq!(size.vertex(Point::new(0, n as u8)), None);
            assert_eq!(size.vertex_at(n * n), None);
        }
    }

    #[test]
    fn neighbours_of_a_set_agree_with_the_neighbour_table() {
        let mut rng = SplitMix64::new(11);
        for n in [2, 5, 8, 9, 19, 25] {
            let size = BoardSize::new(n).unwrap();
            let g = size.geometry();
            for _ in 0..20 {
                let mut set = Points::EMPTY;
                for v in 0..n * n {
                    if rng.below(5) == 0 {
                        set.insert(v);
                    }
                }
                let mut expected = Points::EMPTY;
                for v in set.iter() {
                    for &m in g.neighbours[v].iter().filter(|&&m| usize::from(m) < n * n) {
                        expected.insert(usize::from(m));
                    }
                }
                assert_eq!(size.neighbours_of(set), expected, "size {n}");
            }
        }
    }

    #[test]
    fn corners_have_two_neighbours_and_one_diagonal() {
        let g = BoardSize::new(3).unwrap().geometry();
        let on_board = |a: &[u16; 4]| a.iter().filter(|&&i| i < 9).count();
        let counts: Vec<_> = (0..9)
            .map(|i| (on_board(&g.neighbours[i]), on_board(&g.diagonals[i])))
            .collect();
        assert_eq!(counts[0], (2, 1));
        assert_eq!(counts[1], (3, 2));
        assert_eq!(counts[4], (4, 4));
        assert_eq!(g.neighbours[4], [1, 3, 5, 7]);
        assert!(g.on_edge[3] && !g.on_edge[4]);
    }
}
