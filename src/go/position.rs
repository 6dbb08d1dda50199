//! The stones of a Go board and what follows from them: chains, liberties, captures, the
//! simple-ko point and a Zobrist hash. No history: this is what searches copy and playouts
//! run on; [`Board`](super::Board) adds the game record, undo and superko.

use super::legality::{PlayError, Suicide};
use super::vertex::{BoardSize, Geometry, Points, Vertex, MAX_SIZE};
use crate::core::{Color, SplitMix64};
use smallvec::SmallVec;
use std::fmt;

// Point contents ([`Position::content`]). Stones use their colour's index so
// `Color::index` converts for free.
pub(super) const EMPTY: u8 = 2;
const OFF: u8 = 3;

/// The change to a neighbour's tally (`Position::around`) when a point turns from empty
/// to `color`.
#[inline]
fn around_delta(color: u8) -> u32 {
    (1u32 << (8 * color)).wrapping_sub(1 << (8 * EMPTY))
}

/// The entries of `neighbours` whose bit is set in `mask`.
#[inline]
fn masked(neighbours: [u16; 4], mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            usize::from(neighbours[i])
        })
    })
}

/// What a chain knows of its liberties, kept at its representative's index (with its
/// stone count, [`Cell::stones`]).
///
/// Index `size * size` (the sentinel's) is a dummy chain that empty points and the
/// sentinel name as theirs: updates meant for "the chain next to this point" can then go
/// out without first asking whether there is one, a branch the processor cannot predict
/// in random games. The dummy's counts wrap and mean nothing.
///
/// Liberties are *pseudo*-liberties: every (stone, empty neighbour) pair counts, so a
/// liberty next to two stones counts twice. They stay exact under every update with
/// additions and subtractions only, and they tell exactly what playouts need: no liberty
/// ([`is_none`](Self::is_none)), and one liberty (every pair names the same point, which by Cauchy-Schwarz
/// is `count * sum(p^2) == sum(p)^2`). The exact set is computed on demand.
///
/// The three sums share one word ([`liberty`]), so that a liberty comes and goes with one
/// addition: the count in bits 0..12, the sum of the points in bits 12..33 and the sum of
/// their squares in bits 33..64. Each sum is over at most as many pairs as the board has
/// edges between neighbours, which keeps every field below its limit (checked below for
/// the largest board): no carry ever runs from one field into the next, except in the
/// dummy's, which nobody reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Liberties(u64);

const SUM_SHIFT: u32 = 12;
const SQUARE_SHIFT: u32 = 33;

// The largest sums the fields can hold: every neighbour pair of the largest board, each
// naming its highest point.
const _: () = {
    let edges = (2 * MAX_SIZE * (MAX_SIZE - 1)) as u64;
    let top = (MAX_SIZE * MAX_SIZE - 1) as u64;
    assert!(edges < 1 << SUM_SHIFT);
    assert!(edges * top < 1 << (SQUARE_SHIFT - SUM_SHIFT));
    assert!(edges * top * top < 1 << (64 - SQUARE_SHIFT));
};

/// The pseudo-liberty `p` as [`Liberties`] adds it up: a count of one, `p` and `p^2`.
#[inline(always)]
fn liberty(p: usize) -> u64 {
    let p = p as u64;
    1 | p << SUM_SHIFT | (p * p) << SQUARE_SHIFT
}

impl Liberties {
    #[inline]
    fn add(&mut self, p: usize) {
        self.0 = self.0.wrapping_add(liberty(p));
    }

    #[inline]
    fn remove(&mut self, p: usize) {
        self.0 = self.0.wrapping_sub(liberty(p));
    }

    /// No liberty at all (the three sums are zero together).
    #[inline]
    fn is_none(self) -> bool {
        self.0 == 0
    }

    /// How many pseudo-liberties.
    #[inline]
    fn count(self) -> u64 {
        self.0 & ((1 << SUM_SHIFT) - 1)
    }

    /// The sum of the pseudo-liberties' points.
    #[inline]
    fn sum(self) -> u64 {
        self.0 >> SUM_SHIFT & ((1 << (SQUARE_SHIFT - SUM_SHIFT)) - 1)
    }

    /// The sum of the squares of the pseudo-liberties' points.
    #[inline]
    fn squares(self) -> u64 {
        self.0 >> SQUARE_SHIFT
    }

    /// Exactly one distinct liberty (for a chain that has at least one).
    #[inline]
    fn in_atari(self) -> bool {
        self.count() * self.squares() == self.sum() * self.sum()
    }

    /// The two points, in index order, of two pseudo-liberties on different points: with
    /// `a + b` and `a^2 + b^2` known, `(b - a)^2 = 2 (a^2 + b^2) - (a + b)^2`.
    #[inline]
    fn distinct_pair(self) -> [u16; 2] {
        let sum = self.sum();
        // The square is below the point count squared, far under 2^52: the float root is
        // exact.
        let gap = ((2 * self.squares() - sum * sum) as f64).sqrt() as u64;
        [(sum - gap) / 2, (sum + gap) / 2].map(|p| p as u16)
    }
}

/// The most liberties [`Position::liberties_up_to`] counts.
pub const MAX_COUNTED_LIBERTIES: usize = 8;

/// What one placement takes off the board ([`Position::removals`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Removals {
    /// The opponent chains it captures, one set of points each.
    pub(super) captured: SmallVec<[Points; 4]>,
    /// Its own chain, the new stone included, when that is left without a liberty.
    pub(super) self_filled: Option<Points>,
    /// The stone hash of the position after the placement and its removals.
    pub(super) hash_after: u64,
}

/// What the position keeps per point, and per chain at the chain's representative: one
/// record per point, so that the many lookups of a move go through one base pointer, and
/// a point's fields share a cache line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    /// The liberties of the chain whose representative this point is (the dummy's on the
    /// sentinel).
    libs: Liberties,
    /// The neighbours by content: byte `k` counts those whose `color` is `k`. Playouts ask
    /// "own eye?" and "a free neighbour?" of every candidate; this answers with one load.
    around: u32,
    /// The stones of the chain whose representative this point is.
    stones: u16,
    /// The chain's representative stone; `size * size` (the dummy chain) when empty.
    rep: u16,
    /// The next stone of the chain, a circular list (meaningful on stones only).
    next: u16,
    /// Where the point sits in `empties` (meaningful on empty points only).
    empty_at: u16,
    /// `Color::index()` of the stone, `EMPTY`, or `OFF` (the sentinel only).
    color: u8,
}

/// Stones on a board of some size, with chains, prisoners, the simple-ko ban and a hash.
///
/// The [`hash`](Self::hash) covers the stones only: who is to move, the ko ban and the
/// prisoners are not in it. That is what positional superko compares; the board that owns
/// the game record adds the side to move where it matters.
///
/// `==` compares the internal state exactly, down to the order of internal lists (what
/// undo must restore); two positions with the same stones reached in different ways may
/// differ. Compare [`hash`](Self::hash) or [`stones`](Self::stones) to compare boards.
///
/// ```
/// use tengen::go::{BoardSize, Position, Suicide};
/// use tengen::core::{Color, Point};
/// let size = BoardSize::new(9).unwrap();
/// let mut pos = Position::new(size);
/// let v = size.vertex(Point::new(0, 0)).unwrap();
/// pos.play(Color::Black, Some(v), Suicide::Illegal).unwrap();
/// assert_eq!(pos.liberties(v).len(), 2);
/// ```
#[derive(PartialEq, Eq)]
pub struct Position {
    geo: &'static Geometry,
    /// Per point, then the off-board sentinel (whose chain is the dummy). Never resized, so
    /// that the hot paths can index it unchecked ([`cell`](Self::cell)) with the indices
    /// the position produces itself, which all name a point or the sentinel.
    cells: Vec<Cell>,
    /// The empty points, in no particular order.
    empties: Vec<u16>,
    stones: [Points; 2],
    hash: u64,
    ko: Option<(Vertex, Color)>,
    captures: [u32; 2],
}

impl Position {
    /// An empty board.
    pub fn new(size: BoardSize) -> Position {
        let n = size.points();
        let geo = size.geometry();
        let cell = |i: usize| Cell {
            around: geo.neighbours[i]
                .iter()
                .map(|&m| 1 << (8 * if usize::from(m) == n { OFF } else { EMPTY }))
                .sum(),
            rep: n as u16,
            empty_at: i as u16,
            color: EMPTY,
            ..Cell::default()
        };
        let sentinel = Cell {
            rep: n as u16,
            color: OFF,
            ..Cell::default()
        };
        Position {
            geo,
            cells: (0..n).map(cell).chain([sentinel]).collect(),
            empties: (0..n as u16).collect(),
            stones: [Points::EMPTY; 2],
            hash: 0,
            ko: None,
            captures: [0; 2],
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.geo.size
    }

    /// The stone on `v`, if any.
    #[inline]
    pub fn stone(&self, v: Vertex) -> Option<Color> {
        match self.cells[v.index()].color {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// The points holding `color`'s stones.
    #[inline]
    pub fn stones(&self, color: Color) -> Points {
        self.stones[color.index()]
    }

    /// How many points are empty.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// The empty points.
    pub fn empty_points(&self) -> Points {
        Points::first_n(self.size().points()) - (self.stones[0] | self.stones[1])
    }

    /// Zobrist hash of the stones (0 on the empty board).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones `color` has captured, suicides of the opponent included.
    #[inline]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The point a player may not play on next because it would retake a simple ko at
    /// once, and that player's colour. Any move or pass lifts the ban.
    #[inline]
    pub fn ko(&self) -> Option<(Vertex, Color)> {
        self.ko
    }

    /// What point `i` holds: a colour index (below [`EMPTY`]), [`EMPTY`], or (for the
    /// off-board sentinel `size * size` that the geometry's neighbour tables name) a
    /// value above it.
    #[inline]
    pub(super) fn content(&self, i: usize) -> u8 {
        self.cells[i].color
    }

    /// The neighbours of `v` by content, `[black, white, empty, off the board]`, from the
    /// tally the position keeps: constant time.
    #[inline]
    pub(super) fn neighbour_tally(&self, v: Vertex) -> [u8; 4] {
        self.cells[v.index()].around.to_le_bytes()
    }

    /// A name of the chain on point `i`, shared by all its stones; `size * size` for an
    /// empty point.
    #[inline]
    pub(super) fn chain_id(&self, i: usize) -> usize {
        usize::from(self.cells[i].rep)
    }

    /// The stones of the chain on `v` (empty when `v` is empty).
    pub fn chain(&self, v: Vertex) -> Points {
        let mut set = Points::EMPTY;
        self.for_each_chain_stone(v, |s| set.insert(s));
        set
    }

    /// The stones of the chain on `v` one by one, in the chain's internal order (none
    /// when `v` is empty): unlike [`chain`](Self::chain), a reader that stops early pays
    /// only for the stones it has seen.
    pub fn chain_stones(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        let start = v.index();
        let mut next = (self.cells[start].color < EMPTY).then_some(start);
        std::iter::from_fn(move || {
            let s = next?;
            let after = usize::from(self.cell(s).next);
            next = (after != start).then_some(after);
            Some(Vertex(s as u16))
        })
    }

    /// The liberties of the chain on `v`, exactly (empty when `v` is empty).
    pub fn liberties(&self, v: Vertex) -> Points {
        let mut set = Points::EMPTY;
        self.for_each_chain_stone(v, |s| {
            for &n in &self.geo.neighbours[s] {
                if self.cells[usize::from(n)].color == EMPTY {
                    set.insert(usize::from(n));
                }
            }
        });
        set
    }

    /// Does the chain on `v` have exactly one liberty? Constant time, unlike
    /// [`liberties`](Self::liberties). `false` when `v` is empty.
    #[inline]
    pub fn in_atari(&self, v: Vertex) -> bool {
        let cell = self.cells[v.index()];
        cell.color < EMPTY && self.libs_of(&cell).in_atari()
    }

    /// The one liberty of the chain on `v` when it is [in atari](Self::in_atari), else
    /// `None`. Constant time: every pseudo-liberty of a chain in atari is that point, so
    /// their sum divided by their count names it.
    #[inline]
    pub fn atari_liberty(&self, v: Vertex) -> Option<Vertex> {
        let cell = self.cells[v.index()];
        let libs = self.libs_of(&cell);
        (cell.color < EMPTY && libs.in_atari()).then(|| Vertex((libs.sum() / libs.count()) as u16))
    }

    /// The two liberties of the chain on `v`, in index order, when it has exactly two,
    /// else `None`. Constant time for a single stone and for a chain of two
    /// pseudo-liberties; other chains are read until a third liberty shows, which most
    /// show within a few stones: cheaper than [`liberties`](Self::liberties) for the
    /// playouts' question "can it be chased?".
    pub fn two_liberties(&self, v: Vertex) -> Option<[Vertex; 2]> {
        let cell = self.cells[v.index()];
        // A chain has at least as many pseudo-liberties as liberties, and a single stone
        // exactly as many; a liberty counts four times at most (once per neighbour), so
        // more than eight are three liberties. Two that are not one liberty twice are two
        // liberties, which their sums name: only the chains in between need reading.
        let chain = self.cell(usize::from(cell.rep));
        let libs = chain.libs;
        if cell.color >= EMPTY
            || libs.count() < 2
            || libs.count() > 8
            || chain.stones == 1 && libs.count() > 2
        {
            return None;
        }
        if libs.count() == 2 {
            return (!libs.in_atari()).then(|| libs.distinct_pair().map(Vertex));
        }
        let (mut found, mut count) = ([u16::MAX; 2], 0);
        let start = v.index();
        let mut s = start;
        loop {
            for &n in &self.geo.neighbours[s] {
                if self.cell(usize::from(n)).color == EMPTY && !found[..count].contains(&n) {
                    if count == 2 {
                        return None;
                    }
                    found[count] = n;
                    count += 1;
                }
            }
            s = usize::from(self.cell(s).next);
            if s == start {
                break;
            }
        }
        found.sort_unstable();
        (count == 2).then(|| found.map(Vertex))
    }

    /// How many liberties the chain on `v` has, counted up to `limit` (at most
    /// [`MAX_COUNTED_LIBERTIES`]; a chain with more answers `limit`); 0 when `v` is empty.
    /// The pseudo-liberties answer for single stones and for chains with many of them;
    /// other chains are read only until `limit` liberties show.
    pub fn liberties_up_to(&self, v: Vertex, limit: usize) -> usize {
        debug_assert!(limit <= MAX_COUNTED_LIBERTIES);
        let cell = self.cells[v.index()];
        if cell.color >= EMPTY {
            return 0;
        }
        let chain = self.cell(usize::from(cell.rep));
        let pseudo = chain.libs.count() as usize;
        // A liberty counts once per stone beside it, four times at most; a single stone's
        // are all different.
        if pseudo.div_ceil(4) >= limit || chain.stones == 1 {
            return pseudo.min(limit);
        }
        let (mut found, mut count) = ([u16::MAX; MAX_COUNTED_LIBERTIES], 0);
        for s in self.chain_stones(v) {
            for &n in &self.geo.neighbours[s.index()] {
                if self.cell(usize::from(n)).color == EMPTY && !found[..count].contains(&n) {
                    found[count] = n;
                    count += 1;
                    if count == limit {
                        return limit;
                    }
                }
            }
        }
        count
    }

    /// Is `color` allowed to play on `v` under `suicide`? Superko is the game record's
    /// business ([`Board`](super::Board)).
    pub fn check(&self, color: Color, v: Vertex, suicide: Suicide) -> Result<(), PlayError> {
        let refuse = |why: fn(_) -> PlayError| Err(why(self.size().point(v)));
        if self.cells[v.index()].color != EMPTY {
            refuse(PlayError::Occupied)
        } else if self.ko == Some((v, color)) {
            refuse(PlayError::Ko)
        } else if suicide == Suicide::Illegal && self.is_suicide(color, v.index()) {
            refuse(PlayError::Suicide)
        } else {
            Ok(())
        }
    }

    /// Plays `color` on `mv` (`None` passes) if [`check`](Self::check) allows it.
    pub fn play(
        &mut self,
        color: Color,
        mv: Option<Vertex>,
        suicide: Suicide,
    ) -> Result<(), PlayError> {
        match mv {
            Some(v) => {
                self.check(color, v, suicide)?;
                self.place(color, v);
            }
            None => self.pass(),
        }
        Ok(())
    }

    /// The points where `color` may play under `suicide`, in index order.
    pub fn legal_moves(&self, color: Color, suicide: Suicide) -> Vec<Vertex> {
        self.empty_points()
            .iter()
            .map(|i| Vertex(i as u16))
            .filter(|&v| self.check(color, v, suicide).is_ok())
            .collect()
    }

    /// Is the empty point `v` a single-point eye of `color`? All four neighbours are
    /// `color`'s stones or off the board, and the opponent holds fewer than two of the
    /// diagonal points (none on the edge, where a point has fewer diagonals). This is the
    /// usual heuristic: it calls some false eyes true and misses eyes that need two points.
    #[inline]
    pub fn is_eye(&self, color: Color, v: Vertex) -> bool {
        let cell = &self.cells[v.index()];
        cell.color == EMPTY && self.has_eye_shape(color, v.index(), cell.around)
    }

    /// The empty points, in no particular order, each with its neighbours by content:
    /// `[black, white, empty, off the board]`.
    pub(super) fn empties_around(&self) -> impl Iterator<Item = (usize, [u8; 4])> + '_ {
        self.empties.iter().map(|&v| {
            let v = usize::from(v);
            (v, self.cell(v).around.to_le_bytes())
        })
    }

    /// A uniformly random choice among the empty points where `color` may play without
    /// suicide, without retaking a simple ko and without filling its own
    /// [eye](Self::is_eye); `None` when there is no such point.
    ///
    /// Draws without replacement: a refused point is swapped out of the range still to
    /// draw from. That reorders the internal list of empty points, nothing else.
    // Always inlined, as is `place`: in the playout loop the two calls and the reloads of
    // the position's fields after them cost a few percent.
    #[inline(always)]
    pub fn random_move(&mut self, color: Color, rng: &mut SplitMix64) -> Option<Vertex> {
        let mut left = self.empties.len();
        while left > 0 {
            let k = rng.below(left as u64) as usize;
            let v = usize::from(self.empties[k]);
            let around = self.cell(v).around;
            // Most candidates have an empty neighbour, which rules out an eye, a suicide and
            // the ko point (whose neighbours are all the capturer's stones) at once.
            if around >> (8 * EMPTY) & 0xff != 0
                || !self.has_eye_shape(color, v, around)
                    && self.ko != Some((Vertex(v as u16), color))
                    && !self.surrounded_is_suicide(color, v)
            {
                return Some(Vertex(v as u16));
            }
            left -= 1;
            self.swap_empties(k, left);
        }
        None
    }

    /// What a `color` stone on the empty point `v` would take off the board, as
    /// [`place`](Self::place) does it, without playing: the opponent chains whose last
    /// liberty is `v`, or else, when the stone would have no liberty, its own chain (`v`
    /// included). Ko and suicide are not checked. Constant time unless something is taken.
    pub(super) fn removals(&self, color: Color, v: Vertex) -> Removals {
        let i = v.index();
        let (own, opponent) = (color.index() as u8, (!color).index() as u8);
        let key = |s: usize, c: u8| self.geo.keys[s][usize::from(c)];
        let mut taken = Removals {
            captured: SmallVec::new(),
            self_filled: None,
            hash_after: self.hash ^ key(i, own),
        };
        let mut seen = [u16::MAX; 4];
        for (k, &n) in self.geo.neighbours[i].iter().enumerate() {
            let n = usize::from(n);
            let cell = *self.cell(n);
            let r = cell.rep;
            if cell.color != opponent || seen.contains(&r) {
                continue;
            }
            seen[k] = r;
            // `v` is a liberty of this chain, so one liberty means `v` is the last.
            if self.libs_of(&cell).in_atari() {
                let chain = self.chain(Vertex(n as u16));
                chain
                    .iter()
                    .for_each(|s| taken.hash_after ^= key(s, opponent));
                taken.captured.push(chain);
            }
        }
        if taken.captured.is_empty() && self.is_suicide(color, i) {
            let mut group = Points::EMPTY;
            group.insert(i);
            for &n in &self.geo.neighbours[i] {
                let n = usize::from(n);
                if self.cell(n).color == own && !group.contains(n) {
                    group |= self.chain(Vertex(n as u16));
                }
            }
            group.iter().for_each(|s| taken.hash_after ^= key(s, own));
            taken.self_filled = Some(group);
        }
        taken
    }

    /// Plays a move that [`check`](Self::check) allows (suicide included, if the caller's
    /// rules allow it): captures, merges chains, sets the ko ban.
    #[inline(always)]
    pub(super) fn place(&mut self, color: Color, v: Vertex) {
        let v = v.index();
        let own = color.index() as u8;
        let opponent = (!color).index() as u8;
        let neighbours = self.geo.neighbours[v];
        // Bit `i` set: neighbour `i` is a friendly stone / the last liberty of an enemy
        // chain. Deciding with masks first and acting after keeps the processor from
        // guessing at four unpredictable branches.
        let (mut friends, mut enemies, mut takes) = (0u32, 0u32, 0u32);
        // The largest friendly chain next to `v` takes the new stone in (`v` itself when
        // there is none), so that the stone never needs relabelling on its own.
        let (mut host, mut host_stones) = (v, 0);
        let mut reps = [0; 4];
        // The empty neighbours as pseudo-liberties: what the new stone brings its chain.
        let mut alone = 0u64;
        // All reads first: a load of counts that an earlier neighbour's update has just
        // written (two neighbours of one chain) would wait for the write to drain.
        for (i, &n) in neighbours.iter().enumerate() {
            let n = usize::from(n);
            let cell = self.cell(n);
            let (content, rep) = (cell.color, usize::from(cell.rep));
            let stones = self.cell(rep).stones;
            let friend = content == own;
            friends |= u32::from(friend) << i;
            enemies |= u32::from(content == opponent) << i;
            let larger = friend & (stones > host_stones);
            host = if larger { rep } else { host };
            host_stones = if larger { stones } else { host_stones };
            reps[i] = rep;
            alone += liberty(n) & u64::from(content == EMPTY).wrapping_neg();
        }
        for (i, &rep) in reps.iter().enumerate() {
            let theirs = &mut self.cell_mut(rep).libs;
            theirs.remove(v);
            // Liberties only fall here, so a chain reaches zero at exactly one neighbour.
            takes |= u32::from(theirs.is_none()) << i;
        }
        takes &= enemies;
        self.put_stone(v, own);
        let cell = self.cell_mut(v);
        cell.rep = host as u16;
        cell.next = v as u16;
        cell.libs = Liberties(0);
        cell.stones = 0;
        // Into the host's circular list, after the host: a no-op when `v` is its own host,
        // and so are the counts, which then start from zero.
        let after = self.cell(host).next;
        self.cell_mut(host).next = v as u16;
        self.cell_mut(v).next = after;
        let cell = self.cell_mut(host);
        cell.libs.0 += alone;
        cell.stones += 1;
        // Other friendly chains are rarer: they join the host.
        let others = (0..4).fold(0, |m, i| {
            m | u32::from((friends >> i & 1 != 0) & (reps[i] != host)) << i
        });
        for n in masked(neighbours, others) {
            let theirs = usize::from(self.cell(n).rep);
            if theirs != host {
                self.merge(host, theirs);
            }
        }
        // Captures after the merges, as a captured chain hands its points to every
        // neighbouring chain as liberties.
        let mut captured = 0;
        let mut last_captured = 0;
        for n in masked(neighbours, takes) {
            captured += self.remove_chain(usize::from(self.cell(n).rep));
            last_captured = n;
        }
        self.captures[color.index()] += captured;
        let mine = *self.cell(host);
        // A lone stone that took a lone stone and has that point as its only liberty can
        // be taken back at once, recreating the position: the simple ko.
        self.ko = ((captured == 1) & (mine.stones == 1) & (mine.libs.count() == 1))
            .then(|| (Vertex(last_captured as u16), !color));
        if mine.libs.is_none() {
            self.captures[(!color).index()] += self.remove_chain(host);
        }
    }

    /// A pass: the board stays, the ko ban lapses.
    #[inline]
    pub(super) fn pass(&mut self) {
        self.ko = None;
    }

    /// The chain `cell` belongs to (the dummy for an empty point).
    #[inline]
    fn libs_of(&self, cell: &Cell) -> Liberties {
        self.cell(usize::from(cell.rep)).libs
    }

    /// The eye test of [`is_eye`](Self::is_eye) for an empty point `v` whose neighbour
    /// tally is `around`.
    #[inline]
    fn has_eye_shape(&self, color: Color, v: usize, around: u32) -> bool {
        let opponent = (!color).index() as u8;
        // No empty and no enemy neighbour: all four are friendly or off the board.
        if around & (0xff << (8 * EMPTY) | 0xff << (8 * opponent)) != 0 {
            return false;
        }
        let enemy_diagonals = self
            .geo
            .diagonals_of(v)
            .iter()
            .filter(|&&d| self.cell(usize::from(d)).color == opponent)
            .count();
        enemy_diagonals < if self.geo.is_on_edge(v) { 1 } else { 2 }
    }

    /// Would a `color` stone on the empty point `v` have no liberty, even after captures?
    #[inline]
    fn is_suicide(&self, color: Color, v: usize) -> bool {
        self.cell(v).around >> (8 * EMPTY) & 0xff == 0 && self.surrounded_is_suicide(color, v)
    }

    /// [`is_suicide`](Self::is_suicide) for a point without an empty neighbour.
    #[inline]
    fn surrounded_is_suicide(&self, color: Color, v: usize) -> bool {
        let own = color.index() as u8;
        // The stone breathes only through a friendly chain with a liberty besides `v`, or
        // an enemy chain whose last liberty is `v` (captured, it leaves one). All four are
        // looked at, without branching on what they hold: the sentinel's dummy chain
        // answers something and `is_stone` masks it out.
        let breathes = self
            .geo
            .neighbours_of(v)
            .iter()
            .fold(false, |breathes, &n| {
                let cell = self.cell(usize::from(n));
                let is_stone = cell.color < EMPTY;
                breathes | (is_stone & ((cell.color == own) != self.libs_of(cell).in_atari()))
            });
        !breathes
    }

    fn for_each_chain_stone(&self, v: Vertex, mut f: impl FnMut(usize)) {
        let start = v.index();
        if self.cells[start].color == EMPTY {
            return;
        }
        let mut s = start;
        loop {
            f(s);
            s = usize::from(self.cell(s).next);
            if s == start {
                break;
            }
        }
    }

    /// Joins the chain with representative `small` to the one with representative `big`,
    /// of the same colour and at least as many stones: the smaller one's stones take the
    /// larger one's representative, and the two circular lists become one by swapping two
    /// links.
    fn merge(&mut self, big: usize, small: usize) {
        let mut s = small;
        loop {
            let cell = self.cell_mut(s);
            cell.rep = big as u16;
            s = usize::from(cell.next);
            if s == small {
                break;
            }
        }
        let (big_next, small_next) = (self.cell(big).next, self.cell(small).next);
        self.cell_mut(big).next = small_next;
        self.cell_mut(small).next = big_next;
        let (libs, stones) = (self.cell(small).libs, self.cell(small).stones);
        let cell = self.cell_mut(big);
        cell.libs.0 += libs.0;
        cell.stones += stones;
    }

    /// The record of point `i`, or of the sentinel when `i == size * size`. Unchecked: for
    /// the indices the position produces itself.
    #[inline(always)]
    fn cell(&self, i: usize) -> &Cell {
        debug_assert!(i < self.cells.len());
        // SAFETY: `cells` holds every point and the sentinel, and `i` comes from the
        // geometry tables or the position's own links (`rep`, `next`, `empties`), which
        // name only those.
        unsafe { self.cells.get_unchecked(i) }
    }

    /// [`cell`](Self::cell), to change.
    #[inline(always)]
    fn cell_mut(&mut self, i: usize) -> &mut Cell {
        debug_assert!(i < self.cells.len());
        // SAFETY: as in `cell`.
        unsafe { self.cells.get_unchecked_mut(i) }
    }

    /// Takes the chain with representative `r` off the board; returns its stone count.
    fn remove_chain(&mut self, r: usize) -> u32 {
        let mut s = r;
        loop {
            self.take_stone(s);
            // Every neighbouring chain gains `s` as a liberty. Unconditionally: stones of
            // this chain still on the board feed its dead record, empty points the dummy.
            for &n in self.geo.neighbours_of(s) {
                let theirs = usize::from(self.cell(usize::from(n)).rep);
                self.cell_mut(theirs).libs.add(s);
            }
            s = usize::from(self.cell(s).next);
            if s == r {
                break;
            }
        }
        u32::from(self.cell(r).stones)
    }

    fn put_stone(&mut self, v: usize, color: u8) {
        self.cell_mut(v).color = color;
        let delta = around_delta(color);
        for &n in self.geo.neighbours_of(v) {
            // Wrapping: the sentinel's tallies run over, and nobody reads them.
            let cell = self.cell_mut(usize::from(n));
            cell.around = cell.around.wrapping_add(delta);
        }
        self.hash ^= self.geo.key(v, color);
        self.stones[usize::from(color)].insert(v);
        // The last empty point fills the gap, unless it is `v` itself.
        let at = usize::from(self.cell(v).empty_at);
        let last = self.empties.pop().expect("v is empty");
        self.cell_mut(usize::from(last)).empty_at = at as u16;
        if let Some(gap) = self.empties.get_mut(at) {
            *gap = last;
        }
    }

    fn take_stone(&mut self, v: usize) {
        let color = self.cell(v).color;
        let delta = around_delta(color);
        for &n in self.geo.neighbours_of(v) {
            let cell = self.cell_mut(usize::from(n));
            cell.around = cell.around.wrapping_sub(delta);
        }
        let (dummy, at) = (self.geo.size.points() as u16, self.empties.len() as u16);
        let cell = self.cell_mut(v);
        cell.color = EMPTY;
        cell.rep = dummy;
        cell.empty_at = at;
        self.hash ^= self.geo.key(v, color);
        self.stones[usize::from(color)].remove(v);
        self.empties.push(v as u16);
    }

    #[inline]
    fn swap_empties(&mut self, i: usize, j: usize) {
        self.empties.swap(i, j);
        self.cell_mut(usize::from(self.empties[i])).empty_at = i as u16;
        self.cell_mut(usize::from(self.empties[j])).empty_at = j as u16;
    }
}

/// Field by field, so that [`Clone::clone_from`] reuses the buffers: a search copies its
/// root into the same scratch position before every playout.
impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            geo: self.geo,
            cells: self.cells.clone(),
            empties: self.empties.clone(),
            stones: self.stones,
            hash: self.hash,
            ko: self.ko,
            captures: self.captures,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.geo = source.geo;
        self.cells.clone_from(&source.cells);
        self.empties.clone_from(&source.empties);
        self.stones = source.stones;
        self.hash = source.hash;
        self.ko = source.ko;
        self.captures = source.captures;
    }
}

/// A diagram, rows from the top: `X` Black, `O` White, `.` empty.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size().get();
        for (i, v) in self.size().vertices().enumerate() {
            let c = match self.stone(v) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            write!(f, "{c}")?;
            if i % n == n - 1 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rebuilds every derived field from the stone colours alone and compares: chains by
    /// flood fill, pseudo-liberty sums, the empty list, the colour sets and the hash.
    fn assert_consistent(pos: &Position) {
        let n = pos.size().points();
        let geo = pos.geo;
        assert_eq!(pos.cells[n].color, OFF);
        let mut hash = 0;
        let mut empties = 0;
        let mut checked = Points::EMPTY;
        for v in 0..n {
            let (color, chain) = (pos.cells[v].color, pos.cells[v].rep);
            let around: u32 = geo.neighbours[v]
                .iter()
                .map(|&m| 1 << (8 * pos.cells[usize::from(m)].color))
                .sum();
            assert_eq!(pos.cells[v].around, around, "neighbour tally of {v}");
            match color {
                EMPTY => {
                    empties += 1;
                    assert_eq!(usize::from(chain), n, "empty {v} names a chain");
                    assert_eq!(
                        usize::from(pos.empties[usize::from(pos.cells[v].empty_at)]),
                        v
                    );
                    continue;
                }
                c => {
                    assert!(pos.stones[usize::from(c)].contains(v));
                    hash ^= geo.keys[v][usize::from(c)];
                }
            }
            if checked.contains(v) {
                continue;
            }
            // The chain by flood fill through same-coloured neighbours.
            let mut flood = Points::EMPTY;
            let mut todo = vec![v];
            flood.insert(v);
            while let Some(s) = todo.pop() {
                for &m in &geo.neighbours[s] {
                    let m = usize::from(m);
                    if pos.cells[m].color == color && !flood.contains(m) {
                        flood.insert(m);
                        todo.push(m);
                    }
                }
            }
            assert_eq!(pos.chain(Vertex(v as u16)), flood, "chain list of {v}");
            let r = usize::from(chain);
            assert!(flood.contains(r), "representative of {v}");
            let (mut libs, mut stones) = (Liberties(0), 0);
            for s in flood.iter() {
                assert_eq!(pos.cells[s].rep, chain, "representative of {s}");
                stones += 1;
                for &m in &geo.neighbours[s] {
                    if pos.cells[usize::from(m)].color == EMPTY {
                        libs.add(usize::from(m));
                    }
                }
            }
            assert_eq!(pos.cells[r].libs, libs, "liberties of {v}");
            assert_eq!(pos.cells[r].stones, stones, "stones of {v}");
            assert!(!libs.is_none(), "a chain without liberties at {v}");
            checked |= flood;
        }
        assert_eq!(pos.empties.len(), empties);
        assert_eq!(pos.empty_points().len(), empties);
        assert_eq!(pos.hash, hash);
    }

    #[test]
    fn incremental_state_matches_a_rebuild_through_random_games() {
        let mut rng = SplitMix64::new(5);
        for (n, suicide) in [
            (2, Suicide::Legal),
            (3, Suicide::Illegal),
            (5, Suicide::Legal),
            (9, Suicide::Illegal),
            (19, Suicide::Legal),
            (25, Suicide::Illegal),
        ] {
            let mut pos = Position::new(BoardSize::new(n).unwrap());
            let mut color = Color::Black;
            for _ in 0..4 * n * n {
                let moves = pos.legal_moves(color, suicide);
                // Mostly uniform legal moves (suicides included when legal), with passes.
                let mv = (rng.below(20) != 0 && !moves.is_empty())
                    .then(|| moves[rng.below(moves.len() as u64) as usize]);
                pos.play(color, mv, suicide).unwrap();
                assert_consistent(&pos);
                color = !color;
            }
        }
    }

    #[test]
    fn removals_foretell_what_a_placement_takes() {
        let mut rng = SplitMix64::new(8);
        let mut takes = [0; 2];
        for n in [2, 3, 5, 9, 19] {
            let mut pos = Position::new(BoardSize::new(n).unwrap());
            let mut after = pos.clone();
            let mut color = Color::Black;
            for _ in 0..3 * n * n {
                for v in pos.empty_points().iter().map(|i| Vertex(i as u16)) {
                    let foretold = pos.removals(color, v);
                    after.clone_from(&pos);
                    after.place(color, v);
                    assert_eq!(foretold.hash_after, after.hash());
                    let lost = |c: Color| pos.stones(c) - after.stones(c);
                    let captured = foretold.captured.iter().fold(Points::EMPTY, |a, &b| a | b);
                    assert_eq!(captured, lost(!color));
                    for chain in &foretold.captured {
                        let s = chain.iter().next().unwrap();
                        assert_eq!(pos.chain(Vertex(s as u16)), *chain);
                    }
                    let mut own_before = pos.stones(color);
                    own_before.insert(v.index());
                    let self_filled = own_before - after.stones(color);
                    assert_eq!(foretold.self_filled.unwrap_or_default(), self_filled);
                    assert!(foretold.self_filled != Some(Points::EMPTY));
                    takes[0] += captured.len();
                    takes[1] += self_filled.len();
                }
                let moves = pos.legal_moves(color, Suicide::Legal);
                let mv = (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u64) as usize]);
                pos.play(color, mv, Suicide::Legal).unwrap();
                color = !color;
            }
        }
        assert!(
            takes[0] > 1000 && takes[1] > 1000,
            "captures and suicides seen: {takes:?}"
        );
    }

    #[test]
    fn playouts_leave_a_consistent_position() {
        let mut rng = SplitMix64::new(6);
        for n in [2, 3, 7, 13, 19] {
            for _ in 0..5 {
                let mut pos = Position::new(BoardSize::new(n).unwrap());
                pos.playout(Color::Black, &mut rng);
                assert_consistent(&pos);
            }
        }
    }

    /// The points `color` may play that are no eye of its own, by brute force.
    fn playable(pos: &Position, color: Color) -> Vec<usize> {
        (pos.empty_points().iter())
            .filter(|&v| {
                let v = Vertex(v as u16);
                !pos.is_eye(color, v) && pos.check(color, v, Suicide::Illegal).is_ok()
            })
            .collect()
    }

    /// Over the positions of random playouts, draws from copies of each: the points drawn
    /// are exactly the playable ones (no eye of the mover's, legal), at even frequencies (a
    /// chi-square over all positions together).
    #[test]
    fn random_moves_are_uniform_over_the_playable_points() {
        let mut rng = SplitMix64::new(10);
        let (mut chi2, mut freedom) = (0.0, 0);
        for n in [3, 5, 9] {
            for game in 0..12 {
                let mut pos = Position::new(BoardSize::new(n).unwrap());
                let mut copy = pos.clone();
                let mut color = if game % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let mut passes = 0;
                while passes < 2 {
                    let expected = playable(&pos, color);
                    let draws = 40 * expected.len().max(1);
                    let mut seen = vec![0u32; n * n];
                    for _ in 0..draws {
                        copy.clone_from(&pos);
                        match copy.random_move(color, &mut rng) {
                            Some(v) => seen[v.index()] += 1,
                            None => assert!(expected.is_empty(), "{pos:?}"),
                        }
                    }
                    let drawn: Vec<usize> = (0..n * n).filter(|&v| seen[v] > 0).collect();
                    assert_eq!(drawn, expected, "{color:?} to move in\n{pos:?}");
                    if expected.len() > 1 {
                        let mean = draws as f64 / expected.len() as f64;
                        chi2 += expected
                            .iter()
                            .map(|&v| (f64::from(seen[v]) - mean).powi(2) / mean)
                            .sum::<f64>();
                        freedom += expected.len() - 1;
                    }
                    match pos.random_move(color, &mut rng) {
                        Some(v) => {
                            pos.place(color, v);
                            passes = 0;
                        }
                        None => {
                            pos.pass();
                            passes += 1;
                        }
                    }
                    color = !color;
                }
            }
        }
        // Chi-square with `freedom` degrees of freedom: mean `freedom`, deviation
        // `sqrt(2 freedom)`; five deviations is far beyond chance.
        let df = freedom as f64;
        assert!(freedom > 1000, "degrees of freedom {freedom}");
        assert!(
            (chi2 - df).abs() < 5.0 * (2.0 * df).sqrt(),
            "chi-square {chi2:.0} with {freedom} degrees of freedom"
        );
    }

    #[test]
    fn chain_walk_and_liberty_counts_agree_with_exact_sets() {
        let mut rng = SplitMix64::new(7);
        let mut pos = Position::new(BoardSize::new(9).unwrap());
        let mut color = Color::Black;
        let (mut ataris, mut twos) = (0, 0);
        for _ in 0..300 {
            if let Some(v) = pos.random_move(color, &mut rng) {
                pos.place(color, v);
            }
            for v in pos.size().vertices() {
                let liberties = pos.liberties(v);
                let in_atari = pos.stone(v).is_some() && liberties.len() == 1;
                assert_eq!(pos.in_atari(v), in_atari);
                let only = liberties.first().filter(|_| in_atari);
                assert_eq!(pos.atari_liberty(v), only.map(|i| Vertex(i as u16)));
                let stones: Points = pos.chain_stones(v).map(|s| s.index()).collect();
                assert_eq!(stones, pos.chain(v));
                assert_eq!(pos.chain_stones(v).count(), pos.chain(v).len());
                let two = (pos.stone(v).is_some() && liberties.len() == 2)
                    .then(|| [0, 1].map(|k| Vertex(liberties.iter().nth(k).unwrap() as u16)));
                assert_eq!(pos.two_liberties(v), two);
                for limit in 1..=MAX_COUNTED_LIBERTIES {
                    assert_eq!(pos.liberties_up_to(v, limit), liberties.len().min(limit));
                }
                twos += usize::from(two.is_some());
                ataris += usize::from(in_atari);
            }
            color = !color;
        }
        assert!(ataris > 100, "the test should see ataris, saw {ataris}");
        assert!(
            twos > 100,
            "the test should see chains of two liberties, saw {twos}"
        );
    }
}
