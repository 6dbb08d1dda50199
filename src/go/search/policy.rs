//! Go knowledge for the search: the playout policy and the priors of new tree nodes.
//!
//! Both look at the same few things, in the order a player would: take a chain the last
//! move left in atari, save an own chain the last move put in atari (by taking an
//! attacker or by running), catch a chain of two liberties in an atari it cannot escape,
//! and never make a move that puts an own chain of several stones in atari without taking
//! anything (a self-atari, almost always a blunder). Playouts then replay the last reply
//! that won after the same moves ([`Replies`]), then answer with 3x3 shape. Everything
//! else is chosen uniformly, without filling an own eye.

use super::replies::Replies;
use super::shape::is_good_shape;
use crate::core::{Color, SplitMix64};
use crate::go::position::EMPTY;
use crate::go::{Position, Suicide, Vertex};

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
    /// Could a stone on the empty point `v` be a [self-atari](Self::is_self_atari)? Not
    /// with two empty neighbours: a cheap test that spares most candidates the count.
    pub(super) fn may_be_self_atari(position: &Position, v: Vertex) -> bool {
        position.neighbour_tally(v)[usize::from(EMPTY)] < 2
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

    /// Puts several own stones in atari and takes nothing: a blunder but in rare shapes.
    pub(super) fn is_self_atari(&self) -> bool {
        !self.captures && self.liberties <= 1 && self.joins
    }
}

/// The tactical reply to `last`, the opponent's last move, if there is one: take its
/// chain when it stands in atari; else save an own chain next to it that is in atari, by
/// taking an opponent chain beside it that is in atari too or by extending to a liberty
/// that gives it two or more; else, when its chain has two liberties, put it in an atari
/// it cannot escape (a ladder or a net read out to the end); else give an own chain next
/// to it that has two liberties a third.
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
    for _ in 0..limit {
        if passes >= 2 {
            break;
        }
        let mv = last
            .and_then(|l| tactical_reply(position, color, l))
            .or_else(|| replies.as_deref().and_then(|r| r.reply(position, color)))
            .or_else(|| last.and_then(|l| shape_reply(position, color, l, rng)))
            .or_else(|| random_sensible(position, color, rng));
        if let Some(replies) = replies.as_deref_mut() {
            replies.push(mv);
        }
        match mv {
            Some(v) => {
                position.place(color, v);
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

/// A random one of the points around `last` (the opponent's last move) where a stone
/// makes [good shape](is_good_shape), is legal and is no self-atari.
fn shape_reply(
    position: &Position,
    color: Color,
    last: Vertex,
    rng: &mut SplitMix64,
) -> Option<Vertex> {
    let geometry = position.size().geometry();
    let mut found = [Vertex(0); 8];
    let mut count = 0;
    let around = geometry.neighbours_of(last.index()).iter();
    let around = around.chain(geometry.diagonals_of(last.index()));
    // The off-board sentinel in the raw tables is not empty.
    let empty = around.filter(|&&n| position.content(usize::from(n)) == EMPTY);
    for v in empty.map(|&n| Vertex(n)) {
        if is_good_shape(position, color, v)
            && position.check(color, v, Suicide::Illegal).is_ok()
            && !(Placement::may_be_self_atari(position, v)
                && Placement::of(position, color, v).is_self_atari())
        {
            found[count] = v;
            count += 1;
        }
    }
    (count > 0).then(|| found[rng.below(count as u64) as usize])
}

/// A uniformly random move that fills no own eye, avoiding self-ataris when a few tries
/// find something else.
fn random_sensible(position: &mut Position, color: Color, rng: &mut SplitMix64) -> Option<Vertex> {
    let mut candidate = position.random_move(color, rng)?;
    for _ in 0..SELF_ATARI_RETRIES {
        if !Placement::may_be_self_atari(position, candidate)
            || !Placement::of(position, color, candidate).is_self_atari()
        {
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
    if placement.is_self_atari() {
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
}
