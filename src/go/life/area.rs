//! A small part of the board played on its own: the confirmation play of Japanese art. 7.
//!
//! An *area* is a connected set of at most [`MAX_POINTS`] points whose every neighbour
//! outside the set is a stone known to be safe (it can never be captured) or the edge.
//! Play inside the area cannot touch the outside, so the stones there stay as they are: a
//! chain in the area that reaches a safe stone of its colour is safe too, and every other
//! chain has exactly the liberties it has inside the area.
//!
//! Ko follows the confirmation rule (art. 7-2): after a ko capture, the other player may
//! retake in that ko only after passing, one pass for each ko retaken. Passes do not end
//! the play; they only lift bans. A player with *free ko* ignores the bans (as if every ko
//! threat it made were answered), which is how the area-scoring analysis asks whether a
//! verdict depends on ko threats at all.

use crate::core::Color;
#[cfg(test)]
use crate::go::BoardSize;
use crate::go::{Points, Position, Suicide, Vertex};

/// The most points an area may have (one bit each in a `u32`).
pub(super) const MAX_POINTS: usize = 32;

/// A set of points of an area, one bit per local index.
pub(super) type Set = u32;

/// The points and fixed surroundings of an area.
pub(super) struct Area {
    /// Board vertex of each local index.
    vertices: Vec<Vertex>,
    /// Local neighbours of each local index.
    neighbours: Vec<Set>,
    /// Points next to a safe stone of each colour.
    anchors: [Set; 2],
    suicide: Suicide,
    /// Colours that ignore ko bans.
    free_ko: [bool; 2],
}

/// A position of the confirmation play: the stones in the area, the kos each colour may
/// not retake yet (by retaking point), and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) stones: [Set; 2],
    pub(super) bans: [Set; 2],
    pub(super) to_move: Color,
}

/// Three words instead of five fields: the search tables hash states by the million.
impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(u64::from(self.stones[0]) << 32 | u64::from(self.stones[1]));
        h.write_u64(u64::from(self.bans[0]) << 32 | u64::from(self.bans[1]));
        h.write_u8(self.to_move.index() as u8);
    }
}

/// A move of the confirmation play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Move {
    /// A stone on a local index.
    Play(usize),
    /// A pass that lifts the ban on the ko retaken at this local index, if any.
    Pass(Option<usize>),
}

impl Area {
    /// The area of the points `points` (connected, at most [`MAX_POINTS`]) of `position`,
    /// whose neighbours outside are all stones of `safe` or the edge, and its current
    /// state (Black to move, no ban).
    pub(super) fn new(
        position: &Position,
        points: Points,
        safe: Points,
        suicide: Suicide,
    ) -> (Area, State) {
        let size = position.size();
        let vertices: Vec<Vertex> = points
            .iter()
            .map(|i| size.vertex_at(i).expect("area points are on the board"))
            .collect();
        debug_assert!(vertices.len() <= MAX_POINTS);
        let local = |set: Points| -> Set {
            vertices
                .iter()
                .enumerate()
                .filter(|(_, v)| set.contains(v.index()))
                .fold(0, |acc, (k, _)| acc | 1 << k)
        };
        let single = |v: Vertex| Points::from_iter([v.index()]);
        let neighbours = vertices
            .iter()
            .map(|&v| local(size.neighbours_of(single(v))))
            .collect();
        let anchors = Color::BOTH.map(|c| {
            let safe_c = safe & position.stones(c);
            local(size.neighbours_of(safe_c) & points)
        });
        let stones = Color::BOTH.map(|c| local(position.stones(c)));
        let area = Area {
            vertices,
            neighbours,
            anchors,
            suicide,
            free_ko: [false; 2],
        };
        let state = State {
            stones,
            bans: [0; 2],
            to_move: Color::Black,
        };
        (area, state)
    }

    /// Lets `color` retake kos without passing.
    pub(super) fn set_free_ko(&mut self, free: [bool; 2]) {
        self.free_ko = free;
    }

    /// Number of points.
    pub(super) fn len(&self) -> usize {
        self.vertices.len()
    }

    /// All points, as a set.
    pub(super) fn all(&self) -> Set {
        // MAX_POINTS is 32: a full area is every bit.
        u32::MAX >> (MAX_POINTS - self.len())
    }

    /// The board points of a local set.
    pub(super) fn board(&self, set: Set) -> Points {
        bits(set).map(|k| self.vertices[k].index()).collect()
    }

    /// The points next to a point of `set`.
    pub(super) fn around(&self, set: Set) -> Set {
        bits(set).fold(0, |acc, k| acc | self.neighbours[k])
    }

    /// The chain of `own` stones through local index `k`.
    pub(super) fn chain(&self, own: Set, k: usize) -> Set {
        let mut chain = 1 << k;
        loop {
            let grown = (chain | self.around(chain)) & own;
            if grown == chain {
                return chain;
            }
            chain = grown;
        }
    }

    /// Does the chain `chain` of `color` reach a safe stone of its colour?
    pub(super) fn is_anchored(&self, chain: Set, color: Color) -> bool {
        chain & self.anchors[color.index()] != 0
    }

    /// The empty points of `set` where a stone of `color` would reach a safe stone, next to
    /// it or through a chain of `color` that does (and so could never be captured): always
    /// legal, never a ko capture.
    pub(super) fn anchoring_points(&self, state: &State, color: Color, set: Set) -> Set {
        let own = state.stones[color.index()];
        let anchors = self.anchors[color.index()];
        // The stones of `color` connected to a safe stone, grown from those next to one.
        let mut anchored = own & anchors;
        loop {
            let grown = (anchored | self.around(anchored)) & own;
            if grown == anchored {
                break;
            }
            anchored = grown;
        }
        set & (anchors | self.around(anchored)) & !(state.stones[0] | state.stones[1])
    }

    /// The *fight* of the chain of `owner` through `k`: where art. 7-1's "new stones" of
    /// its owner may arise when it is captured. The chain, its liberties, the opponent
    /// chains touching either (its captors, and those it fights for its liberties), and
    /// the eyes of those chains: empty regions next to them that only opponent stones
    /// border (no safe stone). Seed example 1 (取らず三目) has the new stones on the
    /// captors' points; example 2 (手入れ不要) in the captors' eye, where they capture the
    /// captors' partner; example 3 (hane seki) where a snapback takes a chain next to the
    /// liberty. A dame next to a safe stone is no part of it: a stone there lives for
    /// free, not because of the fight.
    pub(super) fn fight(&self, state: &State, owner: Color, k: usize) -> Set {
        let opponent = state.stones[(!owner).index()];
        let chain = self.chain(state.stones[owner.index()], k);
        let liberties = self.liberties(state, chain);
        let captors = self.captors(state, owner, k);
        let mut fight = chain | liberties | captors;
        let empty = self.all() & !(state.stones[0] | state.stones[1]);
        let safe_next = self.anchors[0] | self.anchors[1];
        let mut todo = self.around(captors) & empty;
        while todo != 0 {
            let region = self.chain(empty, todo.trailing_zeros() as usize);
            todo &= !region;
            let rim = self.around(region) & !region;
            if rim & !opponent == 0 && region & safe_next == 0 {
                fight |= region;
            }
        }
        fight
    }

    /// The opponent chains touching the chain of `owner` through `k` or its liberties:
    /// its *captors*, the opponent stones of its [`fight`](Self::fight).
    fn captors(&self, state: &State, owner: Color, k: usize) -> Set {
        let opponent = state.stones[(!owner).index()];
        let chain = self.chain(state.stones[owner.index()], k);
        let liberties = self.liberties(state, chain);
        let mut captors = 0;
        for n in bits(self.around(chain | liberties) & opponent) {
            captors |= self.chain(opponent, n);
        }
        captors
    }

    /// The *partners* of the chain of `owner` through `k`: the other chains of `owner`
    /// that share a captor with it, as one set. The captors fight them at the same time,
    /// so a move the captors spend on one is a move the owner may use on the other: seed
    /// example 4, where Black's corner stones are captors of both White groups, and White,
    /// while Black takes one group, makes the other alive with new stones (White 4 and 6
    /// of 1図-3図).
    pub(super) fn partners(&self, state: &State, owner: Color, k: usize) -> Set {
        let own = state.stones[owner.index()];
        let captors = self.captors(state, owner, k);
        let mut partners = 0;
        let mut todo = own & !self.chain(own, k);
        while todo != 0 {
            let p = todo.trailing_zeros() as usize;
            let chain = self.chain(own, p);
            todo &= !chain;
            if self.captors(state, owner, p) & captors != 0 {
                partners |= chain;
            }
        }
        partners
    }

    /// Does `attacker` hold the whole area: no point touches a safe stone of the other
    /// colour, and every point is an attacker stone connected to safety or next to one
    /// (or to a safe stone outside)?
    ///
    /// Then the other colour can never keep a stone here: every point it could ever use
    /// is one the attacker can fill at any time with a stone that can never be captured
    /// (it joins a safe chain), and each such fill is for good. The other colour can win
    /// back only the attacker stones not yet connected, each at most once, and there are
    /// none (a stone next to a connected one is connected). So filling the liberties of
    /// any chain of the other colour, one a turn, captures it within as many turns as the
    /// area has points.
    pub(super) fn is_held_by(&self, state: &State, attacker: Color) -> bool {
        if self.anchors[(!attacker).index()] != 0 {
            return false;
        }
        let theirs = state.stones[attacker.index()];
        let mut safe = theirs & self.anchors[attacker.index()];
        loop {
            let grown = (safe | self.around(safe)) & theirs;
            if grown == safe {
                break;
            }
            safe = grown;
        }
        (safe | self.around(safe) | self.anchors[attacker.index()]) == self.all()
    }

    /// The stones of `color` that can never be captured, by Benson's algorithm inside the
    /// area (see `benson`): chains reaching a safe stone count as alive from the start,
    /// and an enclosed region counts only if no safe stone of the opponent touches it (the
    /// opponent's stones there could never be captured). A region running out of the area
    /// is closed by the safe stones of `color` beyond it, so the argument of Benson holds:
    /// the opponent can fill the last empty point of a healthy vital region only by
    /// capturing a chain next to it, and each such chain has a liberty in its other vital
    /// region, or reaches safety.
    pub(super) fn pass_alive(&self, state: &State, color: Color) -> Set {
        let own = state.stones[color.index()];
        let empty = self.all() & !(state.stones[0] | state.stones[1]);
        let mut chains: Vec<Set> = Vec::new();
        let mut todo = own;
        while todo != 0 {
            let chain = self.chain(own, todo.trailing_zeros() as usize);
            todo &= !chain;
            chains.push(chain);
        }
        let anchored: Vec<bool> = chains.iter().map(|&c| self.is_anchored(c, color)).collect();
        // Per region: the chains next to it, and those it is vital to (every empty point a
        // liberty), as sets of indices into `chains` (at most 32: a point each at least).
        let mut regions: Vec<(u32, u32)> = Vec::new();
        let others = self.all() & !own;
        let mut todo = others;
        while todo != 0 {
            let region = self.chain(others, todo.trailing_zeros() as usize);
            todo &= !region;
            if region & self.anchors[(!color).index()] != 0 {
                continue;
            }
            let rim = self.around(region) & own;
            let (mut borders, mut vital) = (0u32, 0u32);
            for (i, &c) in chains.iter().enumerate() {
                if c & rim != 0 {
                    borders |= 1 << i;
                    if region & empty & !self.around(c) == 0 {
                        vital |= 1 << i;
                    }
                }
            }
            if vital != 0 {
                regions.push((borders, vital));
            }
        }
        let mut alive = u32::MAX.checked_shr(32 - chains.len() as u32).unwrap_or(0);
        loop {
            let mut count = vec![0u8; chains.len()];
            for &(borders, vital) in &regions {
                if borders & !alive == 0 {
                    for i in bits(vital) {
                        count[i] += 1;
                    }
                }
            }
            let dropped = (0..chains.len())
                .filter(|&i| alive & 1 << i != 0 && !anchored[i] && count[i] < 2)
                .fold(0u32, |acc, i| acc | 1 << i);
            if dropped == 0 {
                break;
            }
            alive &= !dropped;
        }
        bits(alive).fold(0, |acc, i| acc | chains[i])
    }

    /// The liberties of `chain` inside the area.
    pub(super) fn liberties(&self, state: &State, chain: Set) -> Set {
        self.around(chain) & !(state.stones[0] | state.stones[1])
    }

    /// Has `chain` of `color` no liberty left, given the `empty` points? (An anchored
    /// chain always has one, outside.)
    fn is_breathless(&self, chain: Set, color: Color, empty: Set) -> bool {
        !self.is_anchored(chain, color) && self.around(chain) & empty == 0
    }

    /// The state after `mv` by the side to move, or `None` when the move is illegal.
    pub(super) fn play(&self, state: &State, mv: Move) -> Option<State> {
        let me = state.to_move;
        let (i, you) = (me.index(), (!me).index());
        let mut next = *state;
        next.to_move = !me;
        let k = match mv {
            Move::Pass(lift) => {
                if let Some(q) = lift {
                    if state.bans[i] & 1 << q == 0 {
                        return None;
                    }
                    next.bans[i] &= !(1 << q);
                }
                return Some(next);
            }
            Move::Play(k) => k,
        };
        let occupied = state.stones[0] | state.stones[1];
        if occupied & 1 << k != 0 {
            return None;
        }
        next.stones[i] |= 1 << k;
        // Opponent chains next to the stone that lost their last liberty.
        let mut captured: Set = 0;
        let mut empty = !(next.stones[0] | next.stones[1]) & self.all();
        for n in bits(self.neighbours[k] & next.stones[you]) {
            let chain = self.chain(next.stones[you], n);
            if chain & captured == 0 && self.is_breathless(chain, !me, empty) {
                captured |= chain;
            }
        }
        next.stones[you] &= !captured;
        empty |= captured;
        let mine = self.chain(next.stones[i], k);
        if captured == 0 && self.is_breathless(mine, me, empty) {
            // Suicide: refused, or (where legal) a removal of more than one stone; a lone
            // stone's suicide would change nothing but the turn, which a pass does.
            if self.suicide == Suicide::Illegal || mine.count_ones() == 1 {
                return None;
            }
            next.stones[i] &= !mine;
        }
        // A ko capture: one stone taken by a lone stone left with that point as its only
        // liberty.
        let is_ko = |mine: Set, captured: Set| {
            captured.count_ones() == 1
                && mine.count_ones() == 1
                && !self.is_anchored(mine, me)
                && self.liberties(&next, mine) == captured
        };
        if is_ko(mine, captured) {
            let retake = captured.trailing_zeros() as usize;
            if state.bans[i] & 1 << k != 0 && !self.free_ko[i] {
                // This move is itself the retake the player is banned from: the stone it
                // takes is the one that took at `k`.
                return None;
            }
            if !self.free_ko[you] {
                next.bans[you] |= 1 << retake;
            }
        }
        // Keep only bans on kos that are still there to retake.
        for c in Color::BOTH {
            let mut keep = 0;
            for q in bits(next.bans[c.index()]) {
                if self.retakes_ko(&next, c, q) {
                    keep |= 1 << q;
                }
            }
            next.bans[c.index()] = keep;
        }
        Some(next)
    }

    /// Would `color` playing the empty point `q` take a ko: capture exactly one lone
    /// stone, its own stone then alone with that point as its only liberty?
    fn retakes_ko(&self, state: &State, color: Color, q: usize) -> bool {
        let (i, you) = (color.index(), (!color).index());
        let occupied = state.stones[0] | state.stones[1];
        if occupied & 1 << q != 0 {
            return false;
        }
        let mut stones = state.stones;
        stones[i] |= 1 << q;
        let empty = !(stones[0] | stones[1]) & self.all();
        let mut captured = 0;
        for n in bits(self.neighbours[q] & stones[you]) {
            let chain = self.chain(stones[you], n);
            if self.is_breathless(chain, !color, empty) {
                captured |= chain;
            }
        }
        if captured.count_ones() != 1 {
            return false;
        }
        stones[you] &= !captured;
        let mine = self.chain(stones[i], q);
        mine.count_ones() == 1
            && !self.is_anchored(mine, color)
            && self.around(mine) & !(stones[0] | stones[1]) & self.all() == captured
    }

    /// The legal moves of the side to move that can matter: stones, then passes (one for
    /// each ban the pass could lift, or a plain pass when there is none).
    ///
    /// Left out: filling one's own eye, an empty point whose neighbours are all stones of
    /// one chain of the mover's and no safe stone. A pass does all it does, better: the
    /// stone touches no opponent stone, so it never captures nor takes part in a ko; it
    /// only takes a liberty from its own chain, which in any later position is a chain
    /// with one liberty less, so whatever capture the opponent makes after the fill he
    /// makes at least as soon after the pass. Nor does it add a point to the fight of a
    /// life game that the chain does not already touch (see `confirm`).
    pub(super) fn moves(&self, state: &State) -> Vec<(Move, State)> {
        let occupied = state.stones[0] | state.stones[1];
        let own = state.stones[state.to_move.index()];
        let anchors = self.anchors[0] | self.anchors[1];
        let fills_own_eye = |k: usize| {
            let around = self.neighbours[k];
            anchors & 1 << k == 0
                && around != 0
                && around & !own == 0
                && self.chain(own, around.trailing_zeros() as usize) & around == around
        };
        let mut out: Vec<(Move, State)> = bits(self.all() & !occupied)
            .filter(|&k| !fills_own_eye(k))
            .filter_map(|k| self.play(state, Move::Play(k)).map(|s| (Move::Play(k), s)))
            .collect();
        let bans = state.bans[state.to_move.index()];
        if bans == 0 {
            out.extend(
                self.play(state, Move::Pass(None))
                    .map(|s| (Move::Pass(None), s)),
            );
        } else {
            for q in bits(bans) {
                let mv = Move::Pass(Some(q));
                out.extend(self.play(state, mv).map(|s| (mv, s)));
            }
        }
        out
    }
}

/// The local indices of a set, lowest first.
pub(super) fn bits(mut set: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            k
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    /// Every point of the diagram's board is in the area (nothing is safe), White to move.
    fn whole_board(diagram: &str) -> (Area, State, usize) {
        let pos = parse_diagram(diagram).unwrap();
        let size = pos.size();
        let (area, state) = Area::new(&pos, size.all_points(), Points::EMPTY, Suicide::Illegal);
        let state = State {
            to_move: Color::White,
            ..state
        };
        (area, state, size.get())
    }

    fn at(area: &Area, n: usize, x: usize, y: usize) -> usize {
        let v = BoardSize::new(n)
            .unwrap()
            .vertex(Point::new(x as u8, y as u8))
            .unwrap();
        area.vertices.iter().position(|&w| w == v).unwrap()
    }

    /// The ko of b2/c2: White takes at b2, Black may retake at c2 only after a pass (any
    /// number of other moves in between), and then White is banned in turn.
    #[test]
    fn a_ko_retaken_in_the_same_place_needs_a_pass_first() {
        let (area, start, n) = whole_board(
            ". X O . .
             X . X O .
             . X O . .
             . . . . .
             . . . . .",
        );
        let (b2, c2, e5) = (at(&area, n, 1, 1), at(&area, n, 2, 1), at(&area, n, 4, 4));
        let taken = area.play(&start, Move::Play(b2)).unwrap();
        assert_eq!(taken.stones[0] & 1 << c2, 0, "White's b2 captures c2");
        assert_eq!(taken.bans[0], 1 << c2);
        assert_eq!(area.play(&taken, Move::Play(c2)), None, "no retake at once");
        let elsewhere = area.play(&taken, Move::Play(e5)).unwrap();
        let answered = area.play(&elsewhere, Move::Pass(None)).unwrap();
        assert_eq!(area.play(&answered, Move::Play(c2)), None, "still banned");
        let passed = area.play(&taken, Move::Pass(Some(c2))).unwrap();
        assert_eq!(passed.bans[0], 0);
        let waited = area.play(&passed, Move::Pass(None)).unwrap();
        let retaken = area.play(&waited, Move::Play(c2)).unwrap();
        assert_eq!(retaken.stones[1] & 1 << b2, 0, "Black's c2 captures b2");
        assert_eq!(retaken.bans, [0, 1 << b2]);
        // The moves offered: no plain pass while banned, one pass per ban instead.
        let passes: Vec<_> = area
            .moves(&taken)
            .into_iter()
            .filter_map(|(mv, _)| match mv {
                Move::Pass(lift) => Some(lift),
                Move::Play(_) => None,
            })
            .collect();
        assert_eq!(passes, vec![Some(c2)]);
    }

    #[test]
    fn a_ban_lapses_when_the_ko_is_gone() {
        let (area, start, n) = whole_board(
            ". X O . .
             X . X O .
             . X O . .
             . . . . .
             . . . . .",
        );
        let (b2, c2) = (at(&area, n, 1, 1), at(&area, n, 2, 1));
        let taken = area.play(&start, Move::Play(b2)).unwrap();
        let black = area.play(&taken, Move::Play(at(&area, n, 0, 4))).unwrap();
        // White fills c2 himself: no ko left to retake.
        let resolved = area.play(&black, Move::Play(c2)).unwrap();
        assert_eq!(resolved.bans, [0, 0]);
    }

    #[test]
    fn filling_ones_own_eye_is_not_offered() {
        // Black's a1 is an eye of the chain b1-a2-b2: Black is not offered a1; White is
        // (as suicide it is refused anyway).
        let (area, start, n) = whole_board(
            ". X . . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let a1 = at(&area, n, 0, 0);
        let black = State {
            to_move: Color::Black,
            ..start
        };
        let offered = |s: &State| area.moves(s).iter().any(|(mv, _)| *mv == Move::Play(a1));
        assert!(!offered(&black));
        assert!(!offered(&start), "suicide for White");
        assert_eq!(
            area.moves(&black).len(),
            25 - 3 - 1 + 1,
            "the other points and a pass"
        );
    }

    /// The top two rows but the points `outside` as the area, every stone not in it safe.
    fn top_rows(diagram: &str, outside: &[usize]) -> (Area, State, Points) {
        let pos = parse_diagram(diagram).unwrap();
        let n = pos.size().get();
        let rows: Points = (0..2 * n).filter(|i| !outside.contains(i)).collect();
        let stones = pos.stones(Color::Black) | pos.stones(Color::White);
        let safe = stones - rows;
        let (area, state) = Area::new(&pos, rows - safe, safe, Suicide::Illegal);
        (area, state, pos.stones(Color::Black) & rows)
    }

    #[test]
    fn benson_inside_an_area() {
        // Three eyes of one chain, none next to a safe White stone: alive, though the chain
        // reaches no safe stone of its own.
        let (area, state, black) = top_rows(
            ". X . X .
             X X X X X
             O O O O O
             . . . . .
             . . . . .",
            &[],
        );
        assert_eq!(area.board(area.pass_alive(&state, Color::Black)), black);
        assert_eq!(area.pass_alive(&state, Color::White), 0);
        // One eye only.
        let (area, state, _) = top_rows(
            ". X X X X
             X X X X X
             O O O O O
             . . . . .
             . . . . .",
            &[],
        );
        assert_eq!(area.pass_alive(&state, Color::Black), 0);
        // The right-hand space touches the safe White stone e1, which can fill it from
        // outside: no eye, whatever the liberties.
        let (area, state, _) = top_rows(
            ". X . . O
             X X X X X
             O O O O O
             . . . . .
             . . . . .",
            &[4],
        );
        assert_eq!(area.pass_alive(&state, Color::Black), 0);
    }

    #[test]
    fn an_area_held_by_one_colour() {
        // The area is the top row; the second row is White and safe. Every point of the
        // row touches a safe White stone: White holds it.
        let pos = parse_diagram(
            ". X . .
             O O O O
             . . . .
             . . . .",
        )
        .unwrap();
        let row: Points = (0..4).collect();
        let safe = pos.stones(Color::White);
        let (area, state) = Area::new(&pos, row, safe, Suicide::Illegal);
        assert!(area.is_held_by(&state, Color::White));
        assert!(!area.is_held_by(&state, Color::Black));
        // With the safe wall one row lower, the top row is not next to it.
        let pos = parse_diagram(
            ". X . .
             . . . .
             O O O O
             . . . .",
        )
        .unwrap();
        let top: Points = (0..8).collect();
        let (area, state) = Area::new(&pos, top, pos.stones(Color::White), Suicide::Illegal);
        assert!(!area.is_held_by(&state, Color::White));
    }
}
