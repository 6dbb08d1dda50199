//! Go knowledge for the search: the playout policy and the priors of new tree nodes.
//!
//! Both look at the same few things, in the order a player would: take a chain the last
//! move left in atari, save an own chain the last move put in atari (by taking an
//! attacker or by running), catch a chain of two liberties in an atari it cannot escape,
//! in a capturing race the last move shortened take first the opponent chain that cannot
//! escape, and never make a move that puts an own chain of several stones in atari
//! without taking anything (a self-atari, almost always a blunder). Playouts then replay the last reply
//! that won after the same moves ([`Replies`]), then answer near the last move by the
//! learned 3x3 shapes, as often as the shapes there call for. Everything else is chosen
//! uniformly, without filling an own eye.

use super::patterns::{shipped, shipped_shapes};
use super::replies::Replies;
use super::shape::{is_good_shape, raw_surroundings};
use crate::core::{Color, Point, SplitMix64};
use crate::go::position::EMPTY;
use crate::go::{Points, Position, Suicide, Vertex};

/// How many random candidates a playout move looks at before it accepts a self-atari.
const SELF_ATARI_RETRIES: usize = 3;

/// The neighbours of `v` that hold `color`'s stones. They are read from the geometry's
/// raw neighbour tables, whose off-board sentinel holds no stone, rather than as
/// `Option<Vertex>`: the tactical replies and priors ask this of every move.
fn stones_beside(
    position: &Position,
    v: Vertex,
    color: Color,
) -> impl Iterator<Item = Vertex> + '_ {
    let own = color.index() as u8;
    let around = position.size().geometry().neighbours_of(v.index());
    around
        .iter()
        .filter(move |&&n| position.content(usize::from(n)) == own)
        .map(|&n| Vertex(n))
}

/// The most liberties [`Placement`] counts.
const MAX_COUNTED: usize = 3;

/// What a `color` stone on the empty point `v` would do to its own chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placement {
    /// It takes at least one opponent chain off the board.
    pub(super) captures: bool,
    /// The liberties of the chain it joins or starts, up to three ("three or more"), before
    /// any capture is counted (a capturing move gains liberties besides these).
    pub(super) liberties: usize,
    /// It joins an own chain.
    pub(super) joins: bool,
}

impl Placement {
    /// Could a `color` stone on the empty point `v` be a [self-atari](Self::is_self_atari)?
    /// Not with two empty neighbours, nor without an own one (it joins no chain): a
    /// cheap test that spares most candidates the count.
    pub(super) fn may_be_self_atari(position: &Position, color: Color, v: Vertex) -> bool {
        let tally = position.neighbour_tally(v);
        tally[usize::from(EMPTY)] < 2 && tally[color.index()] > 0
    }

    /// Would a `color` stone on the empty point `v` take something or have `n` liberties
    /// (up to three)? Its empty neighbours answer first, and most points need no count.
    pub(super) fn takes_or_breathes(
        position: &Position,
        color: Color,
        v: Vertex,
        n: usize,
    ) -> bool {
        usize::from(position.neighbour_tally(v)[usize::from(EMPTY)]) >= n || {
            let placement = Placement::of(position, color, v);
            placement.captures || placement.liberties >= n
        }
    }

    pub(super) fn of(position: &Position, color: Color, v: Vertex) -> Placement {
        // Liberties are collected until two are found: the count stops mattering there,
        // and most chains show two within a few stones.
        let mut found = [usize::MAX; MAX_COUNTED];
        let mut count = 0;
        let mut add = |p: usize, count: &mut usize| {
            if *count < MAX_COUNTED && p != v.index() && !found[..*count].contains(&p) {
                found[*count] = p;
                *count += 1;
            }
        };
        // The geometry's raw neighbour tables, whose off-board sentinel holds neither a
        // stone nor an empty point: this is one of the playouts' hottest loops.
        let geometry = position.size().geometry();
        let own = color.index() as u8;
        let around = geometry.neighbours_of(v.index()).map(usize::from);
        let (mut captures, mut joins) = (false, false);
        for n in around {
            match position.content(n) {
                EMPTY => add(n, &mut count),
                c if c == own => joins = true,
                c if c < EMPTY => captures |= position.in_atari(Vertex(n as u16)),
                _ => {}
            }
        }
        // A chain next to `v` at several points is walked once: again it adds nothing.
        let mut walked = [usize::MAX; 4];
        for (k, n) in around.into_iter().enumerate() {
            let chain = position.chain_id(n);
            if count == MAX_COUNTED || position.content(n) != own || walked.contains(&chain) {
                continue;
            }
            walked[k] = chain;
            // A chain in atari names its liberty without a walk: often `v` itself, where
            // a long chain would be walked to the end for nothing.
            if let Some(liberty) = position.atari_liberty(Vertex(n as u16)) {
                add(liberty.index(), &mut count);
                continue;
            }
            for s in position.chain_stones(Vertex(n as u16)) {
                for &m in geometry.neighbours_of(s.index()) {
                    if position.content(usize::from(m)) == EMPTY {
                        add(usize::from(m), &mut count);
                    }
                }
                if count == MAX_COUNTED {
                    break;
                }
            }
        }
        Placement {
            captures,
            liberties: count,
            joins,
        }
    }

    /// Puts several own stones in atari and takes nothing: a blunder but in rare shapes
    /// (see [`kills_by_nakade`]).
    pub(super) fn is_self_atari(&self) -> bool {
        !self.captures && self.liberties <= 1 && self.joins
    }
}

/// Would a `color` stone on the empty point `v` be a self-atari that is no
/// [nakade](kills_by_nakade): a blunder that playouts, replies and shape never play.
pub(super) fn is_blunder(position: &Position, color: Color, v: Vertex) -> bool {
    Placement::may_be_self_atari(position, color, v)
        && Placement::of(position, color, v).is_self_atari()
        && !kills_by_nakade(position, color, v)
}

/// The most stones a [nakade](kills_by_nakade) puts in atari: the largest dead eye
/// shape, the rabbity six, has six points.
const NAKADE_STONES: usize = 6;

/// Does a `color` stone on the empty point `v`, a [self-atari](Placement::is_self_atari),
/// fill an opponent's eye space so that the capture leaves a dead eye shape? The chain it
/// makes and its one liberty must be all the space the opponent encloses there (the
/// liberty touches nothing but the chain and opponent stones), and the chain's points,
/// empty again after the capture, must form a [dead shape](is_dead_eye_shape). A square
/// four with two opponent stones in it dies this way: the third stone goes in, the
/// capture leaves a bent three, and its vital point kills.
pub(super) fn kills_by_nakade(position: &Position, color: Color, v: Vertex) -> bool {
    let size = position.size();
    let geometry = size.geometry();
    let own = color.index() as u8;
    let mut chains = [usize::MAX; 4];
    let mut points = [size.point(v); NAKADE_STONES];
    let mut count = 1;
    // The chain's one liberty: beside `v` or beside one of the stones it joins.
    let mut liberty = None;
    for (k, &n) in geometry.neighbours_of(v.index()).iter().enumerate() {
        let n = usize::from(n);
        match position.content(n) {
            EMPTY => liberty = Some(n),
            c if c == own && !chains.contains(&position.chain_id(n)) => {
                chains[k] = position.chain_id(n);
                for s in position.chain_stones(Vertex(n as u16)) {
                    if count == NAKADE_STONES {
                        return false;
                    }
                    points[count] = size.point(s);
                    count += 1;
                    let around = geometry
                        .neighbours_of(s.index())
                        .iter()
                        .map(|&m| usize::from(m));
                    let mut empty =
                        around.filter(|&m| m != v.index() && position.content(m) == EMPTY);
                    liberty = liberty.or_else(|| empty.next());
                }
            }
            _ => {}
        }
    }
    let Some(liberty) = liberty else {
        return false;
    };
    // Beside the liberty: `v`, the chain's stones, opponent stones or the edge only.
    let enclosed = geometry.neighbours_of(liberty).iter().all(|&m| {
        let m = usize::from(m);
        match position.content(m) {
            EMPTY => m == v.index(),
            c if c == own => m == v.index() || chains.contains(&position.chain_id(m)),
            _ => true,
        }
    });
    enclosed && is_dead_eye_shape(&points[..count]) && !has_another_eye(position, color, v, &chains)
}

/// Does an opponent chain beside `v`, or beside the own chains a `color` stone there
/// would join, have an eye elsewhere than `v`? `joined[k]` is the chain id of the own chain
/// first met as `v`'s `k`-th neighbour, `usize::MAX` for none. With another eye the
/// opponent need not make two in the space, and filling it only gives stones away: with
/// one eye each and a liberty shared, the stones inside and the chain around them live in
/// seki, which the self-atari breaks for nothing.
fn has_another_eye(position: &Position, color: Color, v: Vertex, joined: &[usize; 4]) -> bool {
    let geometry = position.size().geometry();
    let theirs = (!color).index() as u8;
    let mut stones = std::iter::once(v).chain(
        geometry
            .neighbours_of(v.index())
            .iter()
            .zip(joined)
            .filter(|&(_, &chain)| chain != usize::MAX)
            .flat_map(|(&n, _)| position.chain_stones(Vertex(n))),
    );
    stones.any(|s| {
        geometry.neighbours_of(s.index()).iter().any(|&m| {
            position.content(usize::from(m)) == theirs
                && position
                    .liberties(Vertex(m))
                    .iter()
                    .any(|l| l != v.index() && position.is_eye(!color, Vertex(l as u16)))
        })
    })
}

/// Is the eye space on `points` (connected) one that a stone on its
/// [vital point](vital_point) leaves with one eye at most, however the owner answers?
/// One or two points make one eye anyway.
pub(super) fn is_dead_eye_shape(points: &[Point]) -> bool {
    points.len() <= 2 || vital_point(points).is_some()
}

/// The vital point of the eye space on `points` (connected) when it is a dead shape of
/// three points or more: any three points, the square and the pyramid four, the bulky and
/// the crossed five, the rabbity six. Each of these has a point beside all the others but
/// one at most, and that one touches it diagonally across a square of the shape; no
/// living shape has such a point, and in a dead one it is where the eye space dies.
fn vital_point(points: &[Point]) -> Option<Point> {
    let beside = |p: Point, q: Point| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1;
    if !(3..=NAKADE_STONES).contains(&points.len()) {
        return None;
    }
    points.iter().copied().find(|&p| {
        let mut away = points.iter().filter(|&&q| q != p && !beside(p, q));
        match (away.next(), away.next()) {
            (None, _) => true,
            (Some(&q), None) => {
                p.x.abs_diff(q.x) == 1
                    && p.y.abs_diff(q.y) == 1
                    && points.contains(&Point::new(p.x, q.y))
                    && points.contains(&Point::new(q.x, p.y))
            }
            _ => false,
        }
    })
}

/// The vital point of an eye space that `color`'s stone on `v` has just left by taking
/// three to six stones, when the points taken form a dead shape: the side that lost them
/// plays there at once, or the capturer makes two eyes on it.
pub(super) fn vital_point_after_capture(
    position: &Position,
    color: Color,
    v: Vertex,
) -> Option<Vertex> {
    let size = position.size();
    let geometry = size.geometry();
    let own = color.index() as u8;
    for &start in geometry.neighbours_of(v.index()) {
        let start = usize::from(start);
        if position.content(start) != EMPTY {
            continue;
        }
        // The empty region from `start`, if it is small and only `color` encloses it.
        let mut region = [start; NAKADE_STONES];
        let (mut count, mut next, mut enclosed) = (1, 0, true);
        while enclosed && next < count {
            for &m in geometry.neighbours_of(region[next]) {
                let m = usize::from(m);
                match position.content(m) {
                    EMPTY if region[..count].contains(&m) => {}
                    EMPTY if count < NAKADE_STONES => {
                        region[count] = m;
                        count += 1;
                    }
                    c if c == own || c > EMPTY => {}
                    // An opponent stone, or a seventh empty point.
                    _ => enclosed = false,
                }
            }
            next += 1;
        }
        if !enclosed {
            continue;
        }
        let mut points = [Point::new(0, 0); NAKADE_STONES];
        for (p, &i) in points.iter_mut().zip(&region[..count]) {
            *p = size.point(Vertex(i as u16));
        }
        if let Some(p) = vital_point(&points[..count]) {
            return size.vertex(p);
        }
    }
    None
}

/// The tactical reply to `last`, the opponent's last move, if there is one: take its
/// chain when it stands in atari; else save an own chain next to it that is in atari, by
/// taking an opponent chain beside it that is in atari too or by extending to a liberty
/// that gives it two or more; else, when its chain has two liberties, put it in an atari
/// it cannot escape (a ladder or a net read out to the end); else give an own chain next
/// to it that has two liberties a third; else answer a capturing race it shortened
/// ([`race_reply`]).
pub(super) fn tactical_reply(position: &Position, color: Color, last: Vertex) -> Option<Vertex> {
    let legal = |v: Vertex| position.check(color, v, Suicide::Illegal).is_ok();
    if position.stone(last) != Some(!color) {
        return None;
    }
    if position.in_atari(last) {
        let liberty = position.atari_liberty(last)?;
        if legal(liberty) {
            return Some(liberty);
        }
    }
    let saved = stones_beside(position, last, color)
        .filter(|&n| position.in_atari(n))
        .find_map(|n| {
            if let Some(take) = counter_capture(position, color, n).filter(|&v| legal(v)) {
                return Some(take);
            }
            let liberty = position.atari_liberty(n)?;
            let escape = Placement::of(position, color, liberty);
            // Two liberties may be a ladder; three are not.
            let safe = escape.captures
                || escape.liberties >= 3
                || escape.liberties == 2 && !caught_in_ladder(position, color, n);
            (legal(liberty) && safe).then_some(liberty)
        });
    saved
        .or_else(|| {
            position.two_liberties(last)?.into_iter().find(|&a| {
                // An atari from a stone that is itself in atari is answered by its capture.
                legal(a)
                    && Placement::takes_or_breathes(position, color, a, 2)
                    && caught_after(position, Some(a), !color, last)
            })
        })
        .or_else(|| {
            // An own chain the last move left with two liberties is one atari from a chase:
            // give it a third first.
            stones_beside(position, last, color)
                .filter_map(|n| position.two_liberties(n))
                .flatten()
                .find(|&l| legal(l) && Placement::takes_or_breathes(position, color, l, 3))
        })
        .or_else(|| race_reply(position, color, last))
}

/// The most liberties an own chain may have for [`race_reply`] to look at it.
const RACE_LIBERTIES: usize = 4;

/// The answer to a move that shortened a capturing race: when `last` leaves an own chain
/// beside it three or four liberties, an atari on an opponent chain of two liberties
/// beside that chain, where the chain cannot escape it ([`caught_after`]). Taking such a
/// neighbour first wins the race or gains the liberties its capture frees. Without this
/// the playouts let the own chain die beside an opponent chain a move from capture; such
/// a race decided a lost 19x19 game against GNU Go. The idea is Pachi's (its playouts'
/// "nlib" check); it is applied here on every move, before the learned replies.
fn race_reply(position: &Position, color: Color, last: Vertex) -> Option<Vertex> {
    let legal = |v: Vertex| position.check(color, v, Suicide::Illegal).is_ok();
    let mut looked = [usize::MAX; 4];
    for (k, own) in stones_beside(position, last, color).enumerate() {
        let chain = position.chain_id(own.index());
        if looked.contains(&chain) {
            continue;
        }
        looked[k] = chain;
        let liberties = position.liberties_up_to(own, RACE_LIBERTIES + 1);
        if !(3..=RACE_LIBERTIES).contains(&liberties) {
            continue;
        }
        // The opponent chains already weighed, by representative.
        let mut seen = Points::EMPTY;
        for s in position.chain_stones(own) {
            for them in stones_beside(position, s, !color) {
                let theirs = position.chain_id(them.index());
                if seen.contains(theirs) {
                    continue;
                }
                seen.insert(theirs);
                let Some(pair) = position.two_liberties(them) else {
                    continue;
                };
                let atari = pair.into_iter().find(|&a| {
                    legal(a)
                        && Placement::takes_or_breathes(position, color, a, 2)
                        && caught_after(position, Some(a), !color, them)
                });
                if atari.is_some() {
                    return atari;
                }
            }
        }
    }
    None
}

/// The liberty of an opponent chain in atari next to `color`'s chain on `chain`: taking
/// it gives the chain a liberty at least.
fn counter_capture(position: &Position, color: Color, chain: Vertex) -> Option<Vertex> {
    position.chain(chain).iter().find_map(|s| {
        stones_beside(position, Vertex(s as u16), !color)
            .find(|&n| position.in_atari(n))
            .and_then(|n| position.atari_liberty(n))
    })
}

/// How many escapes a ladder is read out to; a longer one is taken to fail.
const LADDER_DEPTH: usize = 40;

/// Is `color`'s chain on `chain`, in atari, lost whatever it does: extending to its
/// liberty leaves it one liberty or two, and an atari on one of the two then repeats the
/// question, until it is taken? A chain next to an opponent chain in atari escapes by
/// taking it; a chain that gets three liberties escapes.
pub(super) fn caught_in_ladder(position: &Position, color: Color, chain: Vertex) -> bool {
    caught_after(position, None, color, chain)
}

/// [`caught_in_ladder`] after the opponent's stone on `atari`, if given, which must leave
/// the chain in atari (else the chain is not caught).
fn caught_after(position: &Position, atari: Option<Vertex>, color: Color, chain: Vertex) -> bool {
    if runs_free(position, atari, chain) {
        return false;
    }
    LADDER_BOARDS.with(|boards| {
        let mut boards = boards.borrow_mut();
        if boards.is_empty() {
            boards.push(position.clone());
        }
        boards[0].clone_from(position);
        if let Some(a) = atari {
            boards[0].place(!color, a);
            if !boards[0].in_atari(chain) {
                return false;
            }
        }
        caught_from(&mut boards, color, chain, 0, 0, None)
    })
}

/// Does the chain on `chain` surely escape [`caught_after`] `atari` without reading: does
/// the liberty it would run to (its only one, or the one besides `atari` of its two)
/// [open up](opens_up)? Most chains playouts ask about pass this test, and it spares them
/// the board copies.
fn runs_free(position: &Position, atari: Option<Vertex>, chain: Vertex) -> bool {
    let run = match atari {
        None => position.atari_liberty(chain),
        Some(a) => match position.two_liberties(chain) {
            Some([b, c]) if b == a => Some(c),
            Some([b, c]) if c == a => Some(b),
            _ => None,
        },
    };
    run.is_some_and(|run| opens_up(position, run, atari))
}

/// Is the empty point `run` next to three empty points besides `atari` (if given, an
/// empty point too)? A chain that runs there after the atari gets three liberties, which
/// the reading counts as an escape; a capture by `atari` only frees more points.
fn opens_up(position: &Position, run: Vertex, atari: Option<Vertex>) -> bool {
    // `atari` counts among `run`'s empty neighbours when it is one of them.
    let beside_atari = atari.is_some_and(|a| {
        let around = position.size().geometry().neighbours_of(run.index());
        around.contains(&a.0)
    });
    position.neighbour_tally(run)[usize::from(EMPTY)] - u8::from(beside_atari) >= 3
}

thread_local! {
    /// Boards for the ladder being read, one per atari still to try, kept from one reading
    /// to the next (playouts read many): copying into them allocates nothing.
    ///
    /// Copies rather than playing and taking back on one board, although profilers
    /// point at the copies (callgrind counts a `rep movsb` copy byte by byte and
    /// overstates them; perf puts them near 5%). Three readers that take moves back
    /// were measured slower with the same bench signature: an undo trail of every cell
    /// a placement overwrites, twice (the second, laid out so that no record passes
    /// through the stack, ran `tengen bench go` at 11,300-11,600 playouts/s against
    /// 12,700), and a small overlay board (20% slower on 9x9). A placement overwrites
    /// some twenty cells, and reads are short: a couple of escapes. A fourth, one board
    /// that follows the read position by copying only the 16-point chunks either side
    /// wrote since the last reading (and replays the moves read for a second atari), cut
    /// the copying by a third but ran 10-15% slower: marking the written chunks costs
    /// every placement, the playouts' included.
    static LADDER_BOARDS: std::cell::RefCell<Vec<Position>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// [`caught_in_ladder`] on `boards[at]`, `depth` escapes into the ladder, with the boards
/// after `at` free to use. `extended`: the chain's last escape, when it joined no other
/// chain.
fn caught_from(
    boards: &mut Vec<Position>,
    color: Color,
    chain: Vertex,
    at: usize,
    depth: usize,
    extended: Option<Vertex>,
) -> bool {
    if depth >= LADDER_DEPTH {
        return false;
    }
    let board = &mut boards[at];
    // No attacker next to the chain was in atari before its last escape (else the chain
    // took it and got out). Since then only the escape stone has taken liberties from
    // attackers, the atari stone's own chain aside, which is not in atari (else it was
    // taken back): when the escape joined no other chain, its neighbours are the only
    // ones to look at.
    let takes_back = match extended {
        Some(escape) => atari_beside(board, !color, escape),
        None => board
            .chain_stones(chain)
            .any(|s| atari_beside(board, !color, s)),
    };
    let Some(liberty) = board.atari_liberty(chain) else {
        return true;
    };
    if takes_back {
        return false;
    }
    if board.check(color, liberty, Suicide::Illegal).is_err() {
        return true;
    }
    let joins = stones_beside(board, liberty, color)
        .any(|s| board.chain_id(s.index()) != board.chain_id(chain.index()));
    board.place(color, liberty);
    // The extension was no suicide: the chain has a liberty at least.
    if board.in_atari(chain) {
        return true;
    }
    let Some(liberties) = board.two_liberties(chain) else {
        return false;
    };
    // The ataris worth reading: legal, and not one the chain runs free from.
    let (mut ataris, mut count) = ([liberties[0]; 2], 0);
    for (a, run) in [(liberties[0], liberties[1]), (liberties[1], liberties[0])] {
        if board.check(!color, a, Suicide::Illegal).is_ok() && !opens_up(board, run, Some(a)) {
            ataris[count] = a;
            count += 1;
        }
    }
    for (k, &a) in ataris[..count].iter().enumerate() {
        // The last atari is read on this board, which nothing reads after it; an earlier
        // one on a copy, as this board must stay for the next.
        let next_at = if k + 1 == count {
            at
        } else {
            if boards.len() <= at + 1 {
                let copy = boards[at].clone();
                boards.push(copy);
            }
            let (here, deeper) = boards.split_at_mut(at + 1);
            deeper[0].clone_from(&here[at]);
            at + 1
        };
        let next = &mut boards[next_at];
        next.place(!color, a);
        // An atari that leaves the attacking stone in atari is taken back.
        if next.in_atari(a) || !next.in_atari(chain) {
            continue;
        }
        let extended = (!joins).then_some(liberty);
        if caught_from(boards, color, chain, next_at, depth + 1, extended) {
            return true;
        }
    }
    false
}

/// Is a chain of `color`'s in atari next to `v`?
#[inline]
fn atari_beside(position: &Position, color: Color, v: Vertex) -> bool {
    stones_beside(position, v, color).any(|n| position.in_atari(n))
}

/// Points where each colour played first in the current playout (all moves as first).
#[derive(Clone, Debug)]
pub(super) struct FirstPlayed {
    by: Vec<u8>,
}

impl FirstPlayed {
    pub(super) fn new(points: usize) -> FirstPlayed {
        FirstPlayed {
            by: vec![0; points],
        }
    }

    pub(super) fn clear(&mut self) {
        self.by.fill(0);
    }

    pub(super) fn mark(&mut self, color: Color, v: Vertex) {
        let by = &mut self.by[v.index()];
        if *by == 0 {
            *by = 1 + color.index() as u8;
        }
    }

    /// Was `v` first played by `color`?
    pub(super) fn by(&self, color: Color, v: Vertex) -> bool {
        self.by[v.index()] == 1 + color.index() as u8
    }
}

/// Plays the policy from `position`, `first` to move and `last` the move before, until
/// both sides pass (or a move limit against long cycles), marking every move in `played`.
/// With `replies`, their last good reply comes after the tactical one and before shape,
/// and every move is recorded in them.
pub(super) fn playout(
    position: &mut Position,
    first: Color,
    mut last: Option<Vertex>,
    rng: &mut SplitMix64,
    played: &mut FirstPlayed,
    mut replies: Option<&mut Replies>,
) {
    let limit = 3 * position.size().points();
    let (mut color, mut passes) = (first, 0);
    // The vital point of the eye space the last move's capture left, if it is dead.
    let mut vital = None;
    for _ in 0..limit {
        if passes >= 2 {
            break;
        }
        let mv = vital
            .take()
            .filter(|&v| position.check(color, v, Suicide::Illegal).is_ok())
            .or_else(|| last.and_then(|l| tactical_reply(position, color, l)))
            .or_else(|| replies.as_deref().and_then(|r| r.reply(position, color)))
            .or_else(|| last.and_then(|l| local_reply(position, color, l, rng)))
            .or_else(|| random_sensible(position, color, rng));
        if let Some(replies) = replies.as_deref_mut() {
            replies.push(mv);
        }
        match mv {
            Some(v) => {
                let taken = position.captures(color);
                position.place(color, v);
                let taken = position.captures(color) - taken;
                if (3..=NAKADE_STONES as u32).contains(&taken) {
                    vital = vital_point_after_capture(position, color, v);
                }
                played.mark(color, v);
                passes = 0;
            }
            None => {
                position.pass();
                passes += 1;
            }
        }
        last = mv;
        color = !color;
    }
}

/// What a move elsewhere on the board counts for against [`local_reply`]'s candidates, per
/// empty point. The learned gamma of a quiet move far from the last move on an open 3x3
/// shape is about 0.5 (about 1 for the shape times 0.3 to 0.8 for the distance); half of
/// that plays better (19x19 self-play, with `policy_weight` 0.6: tuning/README.md): on an
/// open board the empty points far away outnumber the eight neighbours, and at the
/// learned value the playouts answered the last move too rarely.
const ELSEWHERE_GAMMA: f32 = 0.25;

/// An answer near `last` (the opponent's last move), or `None` for a move elsewhere, drawn
/// as the learned model would (Coulom 2007, and his playouts): each empty point of the
/// eight around `last` by its [shape gamma](super::patterns::ShapeGammas) times the
/// gamma of its distance to the last move, every other empty point by
/// [`ELSEWHERE_GAMMA`]. A sharp local shape (a cut, a hane, a block) is answered almost
/// always, an open one about as often as a strong player answers locally. A drawn point
/// that is illegal, fills an own eye or is a [blunder](is_blunder) is dropped and the
/// draw repeated among the rest.
fn local_reply(
    position: &Position,
    color: Color,
    last: Vertex,
    rng: &mut SplitMix64,
) -> Option<Vertex> {
    let model = shipped();
    let shapes = shipped_shapes();
    let geometry = position.size().geometry();
    let (orthogonal, diagonal) = (model.last[0], model.last[1]);
    let around = geometry
        .neighbours_of(last.index())
        .iter()
        .map(|&n| (n, orthogonal));
    let around = around.chain(
        geometry
            .diagonals_of(last.index())
            .iter()
            .map(|&n| (n, diagonal)),
    );
    let mut found = [(Vertex(0), 0.0f32); 8];
    let mut count = 0;
    // The off-board sentinel in the raw tables is not empty.
    for (n, distance) in around.filter(|&(n, _)| position.content(usize::from(n)) == EMPTY) {
        let v = Vertex(n);
        found[count] = (
            v,
            shapes.gamma(color, raw_surroundings(position, v)) * distance,
        );
        count += 1;
    }
    let elsewhere = ELSEWHERE_GAMMA * (position.empty_count() - count) as f32;
    let mut local: f32 = found[..count].iter().map(|&(_, g)| g).sum();
    while count > 0 {
        let mut draw = rng.unit() as f32 * (local + elsewhere);
        let k = found[..count].iter().position(|&(_, g)| {
            draw -= g;
            draw < 0.0
        })?;
        let (v, gamma) = found[k];
        if position.check(color, v, Suicide::Illegal).is_ok()
            && !position.is_eye(color, v)
            && !is_blunder(position, color, v)
        {
            return Some(v);
        }
        local -= gamma;
        count -= 1;
        found.swap(k, count);
    }
    None
}

/// A uniformly random move that fills no own eye, avoiding self-ataris when a few tries
/// find something else.
fn random_sensible(position: &mut Position, color: Color, rng: &mut SplitMix64) -> Option<Vertex> {
    let mut candidate = position.random_move(color, rng)?;
    for _ in 0..SELF_ATARI_RETRIES {
        if !is_blunder(position, color, candidate) {
            break;
        }
        candidate = position.random_move(color, rng)?;
    }
    Some(candidate)
}

/// The prior win rate of `color` playing `v` (a legal move) in `position` after the
/// opponent's `last`: the tree starts a node from it as from
/// [`MctsParams::prior_visits`](super::MctsParams::prior_visits) playouts.
/// What a move does tactically, the first that holds in this order (the order of
/// [`prior`]'s verdicts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tactic {
    /// None of the below.
    Quiet = 0,
    /// Takes at least one opponent chain off the board.
    Captures = 1,
    /// Puts several own stones in atari and takes nothing.
    SelfAtari = 2,
    /// Gives an own chain in atari two or more liberties, and it is not caught in a ladder.
    Saves = 3,
    /// Extends an own chain in atari to two liberties, but it is caught in a ladder.
    SavesDoomed = 4,
    /// Puts an opponent chain in an atari it cannot escape.
    Catches = 5,
    /// Puts an opponent chain in atari that escapes.
    Ataris = 6,
}

impl Tactic {
    /// The number of kinds.
    pub const COUNT: usize = 7;
}

/// What a `color` stone on the empty point `v` does tactically (see [`Tactic`]).
pub(super) fn tactic(position: &Position, color: Color, v: Vertex) -> Tactic {
    let placement = Placement::of(position, color, v);
    if placement.captures {
        return Tactic::Captures;
    }
    if placement.is_self_atari() && !kills_by_nakade(position, color, v) {
        return Tactic::SelfAtari;
    }
    let saves = stones_beside(position, v, color).any(|n| position.in_atari(n));
    if saves && placement.liberties >= 2 {
        let doomed = placement.liberties == 2
            && stones_beside(position, v, color)
                .any(|n| position.in_atari(n) && caught_in_ladder(position, color, n));
        return if doomed {
            Tactic::SavesDoomed
        } else {
            Tactic::Saves
        };
    }
    if placement.liberties >= 2 {
        let mut ataris = false;
        for n in stones_beside(position, v, !color) {
            if position.two_liberties(n).is_some() {
                // An atari the opponent's chain cannot escape takes it.
                if caught_after(position, Some(v), !color, n) {
                    return Tactic::Catches;
                }
                ataris = true;
            }
        }
        if ataris {
            return Tactic::Ataris;
        }
    }
    Tactic::Quiet
}

/// The prior win rate of a `color` stone on `v`, the hand-written judgement: tactics
/// first, then shape, the edge and the distance to the `last` move.
pub(super) fn prior(position: &Position, color: Color, v: Vertex, last: Option<Vertex>) -> f32 {
    prior_after(position, color, v, last, tactic(position, color, v))
}

/// [`prior`] when the move's [`tactic`] is known.
pub(super) fn prior_after(
    position: &Position,
    color: Color,
    v: Vertex,
    last: Option<Vertex>,
    tactic: Tactic,
) -> f32 {
    match tactic {
        Tactic::Captures | Tactic::Catches => return 0.8,
        Tactic::SelfAtari => return 0.1,
        Tactic::Saves => return 0.75,
        Tactic::SavesDoomed => return 0.2,
        Tactic::Quiet | Tactic::Ataris => {}
    }
    let size = position.size();
    let p = size.point(v);
    let n = size.get() as u8;
    let line = 1 + p.x.min(p.y).min(n - 1 - p.x).min(n - 1 - p.y);
    let stones = (position.stones(Color::Black) | position.stones(Color::White)).len();
    let near_last = last.is_some_and(|l| {
        let q = size.point(l);
        p.x.abs_diff(q.x) + p.y.abs_diff(q.y) <= 2
    });
    match () {
        _ if is_good_shape(position, color, v) => 0.7,
        // The first line is almost never worth a move before the board fills up.
        _ if line == 1 && n >= 9 && stones < size.points() / 2 => 0.25,
        _ if near_last => 0.6,
        _ if line == 3 && n >= 9 && stones < size.points() / 8 => 0.6,
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    fn at(pos: &Position, x: u8, y: u8) -> Vertex {
        pos.size().vertex(Point::new(x, y)).unwrap()
    }

    #[test]
    fn captures_the_last_move_in_atari() {
        let pos = parse_diagram(
            ".....\n\
             ..X..\n\
             .XO..\n\
             ..X..\n\
             .....",
        )
        .unwrap();
        let reply = tactical_reply(&pos, Color::Black, at(&pos, 2, 2));
        assert_eq!(reply, Some(at(&pos, 3, 2)));
    }

    #[test]
    fn saves_an_own_chain_in_atari_only_when_the_escape_gains_liberties() {
        // White's last move (2,1) puts Black's (2,2) in atari; (2,3) gives it three.
        let pos = parse_diagram(
            ".....\n\
             ..O..\n\
             .OXO.\n\
             .....\n\
             .....",
        )
        .unwrap();
        let white = at(&pos, 2, 1);
        assert_eq!(
            tactical_reply(&pos, Color::Black, white),
            Some(at(&pos, 2, 3))
        );
        // Against the edge the escape gains nothing, and no attacker is in atari: no
        // reply.
        let pos = parse_diagram(
            "OX.O.\n\
             OOO..\n\
             .....\n\
             .....\n\
             .....",
        )
        .unwrap();
        assert_eq!(tactical_reply(&pos, Color::Black, at(&pos, 1, 1)), None);
    }

    #[test]
    fn saves_a_chain_in_atari_by_taking_an_attacker_in_atari() {
        // White's (2,1) puts Black's (2,2) in atari; White's (2,3) is in atari itself.
        // Taking it at (2,4) beats extending to (3,2).
        let pos = parse_diagram(
            ".....\n\
             ..O..\n\
             .OX..\n\
             .XOX.\n\
             .....",
        )
        .unwrap();
        assert_eq!(
            tactical_reply(&pos, Color::Black, at(&pos, 2, 1)),
            Some(at(&pos, 2, 4))
        );
    }

    #[test]
    fn gives_an_own_chain_of_two_liberties_a_third() {
        // White's (2,3) leaves Black's (2,2) two liberties: (2,1) gives it three, (1,2)
        // none more.
        let pos = parse_diagram(
            ".....\n\
             .O...\n\
             O.XO.\n\
             .OO..\n\
             .....",
        )
        .unwrap();
        assert_eq!(
            tactical_reply(&pos, Color::Black, at(&pos, 2, 3)),
            Some(at(&pos, 2, 1))
        );
        // With White on (3,1) too, no extension gains: no reply.
        let pos = parse_diagram(
            ".....\n\
             .O.O.\n\
             O.XO.\n\
             .OO..\n\
             .....",
        )
        .unwrap();
        assert_eq!(tactical_reply(&pos, Color::Black, at(&pos, 2, 3)), None);
    }

    #[test]
    fn in_a_race_takes_the_opponent_chain_that_cannot_escape_first() {
        // White's (4,0) leaves Black's top chain three liberties. White's (2,1) beside it
        // has two: an atari from (3,1) catches it (its escape to (1,1) is suicide), one
        // from (1,1) lets it run to (3,1) and join the wall.
        let pos = parse_diagram(
            ".XXXO..\n\
             X.O.O..\n\
             .XX.O..\n\
             ....O..\n\
             .......\n\
             .......\n\
             .......",
        )
        .unwrap();
        assert_eq!(
            tactical_reply(&pos, Color::Black, at(&pos, 4, 0)),
            Some(at(&pos, 3, 1))
        );
        // A last move that shortened no Black chain asks for nothing.
        assert_eq!(tactical_reply(&pos, Color::Black, at(&pos, 4, 3)), None);
    }

    #[test]
    fn ataris_a_chain_of_two_liberties_only_where_it_cannot_escape() {
        // Black's last stone (2,2) has two liberties: the atari from (2,1) drives it into
        // a ladder; the one from (3,2) lets it out with three liberties.
        let pos = parse_diagram(
            "........\n\
             ........\n\
             .OX.....\n\
             ..OO....\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        assert_eq!(
            tactical_reply(&pos, Color::White, at(&pos, 2, 2)),
            Some(at(&pos, 2, 1))
        );
        // A Black stone on the ladder's path: no atari catches it.
        let broken = parse_diagram(
            "........\n\
             ....X...\n\
             .OX.....\n\
             ..OO....\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        assert_eq!(
            tactical_reply(&broken, Color::White, at(&broken, 2, 2)),
            None
        );
        // The tree's prior likes the catching atari as much as a capture.
        let last = Some(at(&pos, 2, 2));
        assert_eq!(prior(&pos, Color::White, at(&pos, 2, 1), last), 0.8);
        assert!(prior(&pos, Color::White, at(&pos, 3, 2), last) < 0.8);
        assert!(prior(&broken, Color::White, at(&broken, 2, 1), last) < 0.8);
    }

    #[test]
    fn reads_ladders_to_the_end() {
        // Black (2,2) in atari, its liberty at (3,2): running there leaves two liberties,
        // and White chases it up the staircase to the top edge.
        let caught = parse_diagram(
            "........\n\
             ..O.....\n\
             .OX.....\n\
             ..OO....\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        assert!(caught_in_ladder(&caught, Color::Black, at(&caught, 2, 2)));
        // A Black stone on the ladder's path breaks it.
        let broken = parse_diagram(
            "........\n\
             ..O.X...\n\
             .OX.....\n\
             ..OO....\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        assert!(!caught_in_ladder(&broken, Color::Black, at(&broken, 2, 2)));
        // Next to a White chain in atari, Black escapes by taking it.
        let takes = parse_diagram(
            ".OX.....\n\
             OXO.....\n\
             ........\n\
             ........\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        assert!(!caught_in_ladder(&takes, Color::Black, at(&takes, 1, 1)));
    }

    #[test]
    fn self_atari_needs_two_stones_and_no_capture() {
        let pos = parse_diagram(
            "X.O..\n\
             OO...\n\
             .....\n\
             .....\n\
             .....",
        )
        .unwrap();
        // Black (1,0) joins (0,0): two stones, one liberty left... but it captures nothing
        // and White (2,0) is not in atari (it has (3,0) and (2,1)).
        let p = Placement::of(&pos, Color::Black, at(&pos, 1, 0));
        assert_eq!((p.captures, p.liberties, p.joins), (false, 0, true));
        assert!(p.is_self_atari());
        // A lone stone with one liberty is a throw-in, not a self-atari.
        let p = Placement::of(&pos, Color::Black, at(&pos, 0, 2));
        assert!(!p.is_self_atari() && p.liberties == 2);
        // White (1,0) takes Black's (0,0).
        assert!(Placement::of(&pos, Color::White, at(&pos, 1, 0)).captures);
    }

    /// How often [`local_reply`] picks each point around the last move in `draws` draws,
    /// and how often it leaves the move to elsewhere (`None`).
    fn local_draws(
        pos: &Position,
        color: Color,
        last: Vertex,
        draws: usize,
    ) -> Vec<(Option<Vertex>, usize)> {
        let mut rng = SplitMix64::new(11);
        let mut tally: Vec<(Option<Vertex>, usize)> = Vec::new();
        for _ in 0..draws {
            let v = local_reply(pos, color, last, &mut rng);
            match tally.iter_mut().find(|(w, _)| *w == v) {
                Some((_, n)) => *n += 1,
                None => tally.push((v, 1)),
            }
        }
        tally
    }

    /// The weight [`local_reply`] gives a `color` stone on `v`, `diagonal` or not to the
    /// last move.
    fn local_weight(pos: &Position, color: Color, v: Vertex, diagonal: bool) -> f32 {
        let distance = shipped().last[usize::from(diagonal)];
        shipped_shapes().gamma(color, raw_surroundings(pos, v)) * distance
    }

    #[test]
    fn local_replies_are_drawn_by_the_learned_shapes() {
        let mut pos = Position::new(crate::go::BoardSize::new(19).unwrap());
        // An open 3x3 shape has one variant in the table: its gamma is the model's.
        let v = at(&pos, 9, 9);
        let open = shipped_shapes().gamma(Color::Black, raw_surroundings(&pos, v));
        let code = super::super::patterns::pattern_code(&pos, Color::Black, v);
        let model = shipped().pattern_gamma(code);
        assert!((open - model).abs() < 1e-4 * model, "{open} {model}");
        // A lone stone on the open board: most answers are elsewhere, as in strong games.
        pos.place(Color::White, v);
        let tally = local_draws(&pos, Color::Black, v, 2000);
        let elsewhere = tally.iter().find(|(v, _)| v.is_none()).map_or(0, |t| t.1);
        assert!((1000..1900).contains(&elsewhere), "{tally:?}");
        // In a contact fight each point around the last move comes up in proportion to
        // its weight, the moves elsewhere by theirs.
        let pos = parse_diagram(
            ".......\n\
             ...O...\n\
             ..XOX..\n\
             ..O.X..\n\
             ..X....\n\
             .......\n\
             .......",
        )
        .unwrap();
        let last = at(&pos, 2, 3);
        let draws = 4000;
        let tally = local_draws(&pos, Color::Black, last, draws);
        let empty = pos.empty_count();
        let mut weights = vec![(None, ELSEWHERE_GAMMA * (empty - 5) as f32)];
        for (x, y) in [(1, 3), (2, 4), (3, 3), (1, 2), (1, 4), (3, 4)] {
            let v = at(&pos, x, y);
            if pos.stone(v).is_none() {
                weights.push((
                    Some(v),
                    local_weight(&pos, Color::Black, v, x != 2 && y != 3),
                ));
            }
        }
        assert_eq!(weights.len(), 6, "five empty points around the last move");
        let total: f32 = weights.iter().map(|w| w.1).sum();
        for (v, weight) in weights {
            let expected = draws as f32 * weight / total;
            let drawn = tally.iter().find(|t| t.0 == v).map_or(0, |t| t.1) as f32;
            let sigma = expected.sqrt().max(1.0);
            assert!(
                (drawn - expected).abs() < 4.0 * sigma,
                "{v:?}: {drawn} vs {expected}"
            );
        }
    }

    #[test]
    fn local_replies_are_never_blunders() {
        // White's last move (2,2) leaves two points around it, (1,1) and (1,3), and each
        // puts a Black chain in atari; both have weight, neither is drawn.
        let pos = parse_diagram(
            "XXO....\n\
             X.XO...\n\
             XXOO...\n\
             O.OO...\n\
             .O.....\n\
             .......\n\
             .......",
        )
        .unwrap();
        let (last, a, b) = (at(&pos, 2, 2), at(&pos, 1, 1), at(&pos, 1, 3));
        assert!(is_blunder(&pos, Color::Black, a) && is_blunder(&pos, Color::Black, b));
        let local =
            local_weight(&pos, Color::Black, a, true) + local_weight(&pos, Color::Black, b, true);
        let elsewhere = ELSEWHERE_GAMMA * (pos.empty_count() - 2) as f32;
        assert!(local > 0.05 * elsewhere, "{local} {elsewhere}");
        let tally = local_draws(&pos, Color::Black, last, 1000);
        assert_eq!(tally, [(None, 1000)]);
    }
}

#[cfg(test)]
mod nakade_tests {
    use super::*;
    use crate::go::parse_diagram;
    use std::collections::HashSet;

    /// A game's end (Black's left group, stones on A9 to E7, has only the square four
    /// B8 C8 B9 C9 with White's B9 C9 in it) and the top left corner A9.
    const SQUARE_FOUR: &str = "XOOXXOOX.\n\
                               X..XXOXX.\n\
                               XXXXXOXX.\n\
                               XXXOOOOX.\n\
                               XXOOXXX..\n\
                               XOOXXOXXX\n\
                               OOOOOOOX.\n\
                               OOOO.OXX.\n\
                               .X.XOOOX.";

    fn at(pos: &Position, x: u8, y: u8) -> Vertex {
        pos.size().vertex(Point::new(x, y)).unwrap()
    }

    /// The shape on `points` moved to the corner, in a fixed order: equal for equal
    /// shapes.
    fn normalised(points: &[Point]) -> Vec<Point> {
        let (x0, y0) = (
            points.iter().map(|p| p.x).min().unwrap(),
            points.iter().map(|p| p.y).min().unwrap(),
        );
        let mut moved: Vec<Point> = points
            .iter()
            .map(|p| Point::new(p.x - x0, p.y - y0))
            .collect();
        moved.sort_by_key(|p| (p.y, p.x));
        moved
    }

    /// The shape up to rotation and reflection: the least of its eight images.
    fn canonical(points: &[Point]) -> Vec<Point> {
        let images = (0..8).map(|k| {
            let image: Vec<Point> = points
                .iter()
                .map(|p| {
                    let (x, y) = (i16::from(p.x), i16::from(p.y));
                    let (x, y) = if k & 1 == 1 { (y, x) } else { (x, y) };
                    let x = if k & 2 == 2 { 10 - x } else { x };
                    let y = if k & 4 == 4 { 10 - y } else { y };
                    Point::new(x as u8, y as u8)
                })
                .collect();
            normalised(&image)
        });
        images
            .min_by_key(|s| s.iter().map(|p| (p.y, p.x)).collect::<Vec<_>>())
            .unwrap()
    }

    /// Every connected shape of `n` points (free polyominoes), grown point by point.
    fn shapes(n: usize) -> HashSet<Vec<Point>> {
        let mut found: HashSet<Vec<Point>> = [vec![Point::new(1, 1)]].into();
        for _ in 1..n {
            let mut grown = HashSet::new();
            for shape in &found {
                for p in shape {
                    let (x, y) = (p.x + 1, p.y + 1);
                    for q in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                        let q = Point::new(q.0, q.1);
                        let mut bigger: Vec<Point> =
                            shape.iter().map(|p| Point::new(p.x + 1, p.y + 1)).collect();
                        if !bigger.contains(&q) {
                            bigger.push(q);
                            grown.insert(canonical(&bigger));
                        }
                    }
                }
            }
            found = grown;
        }
        found
    }

    fn parse_shape(rows: &str) -> Vec<Point> {
        let points: Vec<Point> = rows
            .split('/')
            .enumerate()
            .flat_map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, c)| c == 'x')
                    .map(move |(x, _)| Point::new(x as u8, y as u8))
            })
            .collect();
        canonical(&points)
    }

    #[test]
    fn the_dead_eye_shapes_are_the_classical_seven() {
        // Counts of free polyominoes: the enumeration is complete.
        let counts: Vec<usize> = (3..=6).map(|n| shapes(n).len()).collect();
        assert_eq!(counts, [2, 5, 12, 35]);
        let dead: HashSet<Vec<Point>> = (1..=7)
            .flat_map(shapes)
            .filter(|s| s.len() >= 3 && vital_point(s).is_some())
            .collect();
        let classical: HashSet<Vec<Point>> = [
            "xxx",         // straight three
            "xx/x.",       // bent three
            "xx/xx",       // square four
            "xxx/.x.",     // pyramid four
            "xxx/xx.",     // bulky five
            ".x./xxx/.x.", // crossed five
            ".x./xxx/.xx", // rabbity six
        ]
        .into_iter()
        .map(parse_shape)
        .collect();
        assert_eq!(dead, classical);
        // The vital point: the middle of the three, the centre of the crossed five.
        let vital = |rows| {
            let shape = parse_shape(rows);
            let p = vital_point(&shape).unwrap();
            shape
                .iter()
                .filter(|q| q.x.abs_diff(p.x) + q.y.abs_diff(p.y) == 1)
                .count()
        };
        assert_eq!(vital("xxx"), 2);
        assert_eq!(vital(".x./xxx/.x."), 4);
        assert_eq!(vital("xxx/xx."), 3);
        assert_eq!(vital(".x./xxx/.xx"), 4);
    }

    #[test]
    fn a_nakade_is_no_blunder() {
        let pos = parse_diagram(SQUARE_FOUR).unwrap();
        let (b8, c8) = (at(&pos, 1, 1), at(&pos, 2, 1));
        for v in [b8, c8] {
            // White's third stone in the square four: in atari, but the capture leaves a
            // bent three.
            assert!(Placement::of(&pos, Color::White, v).is_self_atari());
            assert!(kills_by_nakade(&pos, Color::White, v));
            assert!(!is_blunder(&pos, Color::White, v));
            assert_eq!(tactic(&pos, Color::White, v), Tactic::Quiet);
            // Black filling its own eye space puts the whole group in atari.
            assert!(is_blunder(&pos, Color::Black, v));
            assert_eq!(tactic(&pos, Color::Black, v), Tactic::SelfAtari);
        }
        // Two White stones on open ground put in atari: no eye space is filled.
        let open = parse_diagram(
            ".....\n\
             .XOX.\n\
             .X.X.\n\
             ..X..\n\
             .....",
        )
        .unwrap();
        assert!(is_blunder(&open, Color::White, at(&open, 2, 2)));
    }

    #[test]
    fn a_nakade_beside_another_eye_is_a_blunder() {
        // The end of a game against GNU Go: Black's five stones G1 H1 H2 J2 H3, with the eye
        // J1, and White's group around them, with the eye J6, share the liberty G2: a seki.
        // Black's G2 would leave a rabbity six to take, but White has J6 besides.
        let pos = parse_diagram(
            "...X.XXXO\n\
             ..X.X.XOO\n\
             .X.X.XXOO\n\
             ....XOOO.\n\
             .X..XXOOO\n\
             ..XXOXOOO\n\
             .XOOOOOXO\n\
             .XXXOO.XX\n\
             .XOOOOXX.",
        )
        .unwrap();
        let g2 = at(&pos, 6, 7);
        for color in Color::BOTH {
            assert!(Placement::of(&pos, color, g2).is_self_atari());
            assert!(!kills_by_nakade(&pos, color, g2));
            assert!(is_blunder(&pos, color, g2));
        }
    }

    #[test]
    fn the_vital_point_follows_a_capture_of_a_dead_shape() {
        // Black has just taken White's B8 B9 C9 from C8: the bent three's corner B9 kills.
        let mut pos = parse_diagram(SQUARE_FOUR).unwrap();
        let (b8, c8, b9) = (at(&pos, 1, 1), at(&pos, 2, 1), at(&pos, 1, 0));
        pos.place(Color::White, b8);
        pos.place(Color::Black, c8);
        assert_eq!(pos.stone(b9), None);
        assert_eq!(vital_point_after_capture(&pos, Color::Black, c8), Some(b9));
        // Playouts now kill the group whoever starts; before nakades they let it live in
        // about half of them.
        let a9 = at(&pos, 0, 0);
        let pos = parse_diagram(SQUARE_FOUR).unwrap();
        let mut rng = SplitMix64::new(7);
        let mut played = FirstPlayed::new(pos.size().points());
        for first in [Color::Black, Color::White] {
            let lives = (0..200)
                .filter(|_| {
                    let mut p = pos.clone();
                    playout(&mut p, first, None, &mut rng, &mut played, None);
                    p.stone(a9) == Some(Color::Black)
                })
                .count();
            assert!(lives < 20, "{first:?} first: alive in {lives} of 200");
        }
    }
}
