//! Go knowledge for the search: the playout policy and the priors of new tree nodes.
//!
//! Both look at the same few things, in the order a player would: take a chain the last
//! move left in atari, save an own chain the last move put in atari, and never make a
//! move that puts an own chain of several stones in atari without taking anything (a
//! self-atari, almost always a blunder). Everything else is chosen uniformly, without
//! filling an own eye.

use super::shape::is_good_shape;
use crate::core::{Color, SplitMix64};
use crate::go::{Position, Suicide, Vertex};

/// How many random candidates a playout move looks at before it accepts a self-atari.
const SELF_ATARI_RETRIES: usize = 3;

/// The on-board neighbours of `v`.
fn neighbours(position: &Position, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
    let size = position.size();
    size.geometry().neighbours[v.index()]
        .iter()
        .filter_map(move |&n| size.vertex_at(usize::from(n)))
}

/// What a `color` stone on the empty point `v` would do to its own chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placement {
    /// It takes at least one opponent chain off the board.
    pub(super) captures: bool,
    /// The liberties of the chain it joins or starts, up to two ("two or more"), before
    /// any capture is counted (a capturing move gains liberties besides these).
    pub(super) liberties: usize,
    /// It joins an own chain.
    pub(super) joins: bool,
}

impl Placement {
    /// Could a stone on the empty point `v` be a [self-atari](Self::is_self_atari)? Not
    /// with two empty neighbours: a cheap test that spares most candidates the count.
    pub(super) fn may_be_self_atari(position: &Position, v: Vertex) -> bool {
        neighbours(position, v)
            .filter(|&n| position.stone(n).is_none())
            .nth(1)
            .is_none()
    }

    pub(super) fn of(position: &Position, color: Color, v: Vertex) -> Placement {
        // Liberties are collected until two are found: the count stops mattering there,
        // and most chains show two within a few stones.
        let mut found = [usize::MAX; 2];
        let mut count = 0;
        let mut add = |p: usize, count: &mut usize| {
            if *count < 2 && p != v.index() && found[0] != p {
                found[*count] = p;
                *count += 1;
            }
        };
        let (mut captures, mut joins) = (false, false);
        for n in neighbours(position, v) {
            match position.stone(n) {
                None => add(n.index(), &mut count),
                Some(c) if c == color => joins = true,
                Some(_) => captures |= position.in_atari(n),
            }
        }
        for n in neighbours(position, v).filter(|&n| position.stone(n) == Some(color)) {
            for s in position.chain(n).iter() {
                for m in neighbours(position, Vertex(s as u16)) {
                    if position.stone(m).is_none() {
                        add(m.index(), &mut count);
                    }
                }
                if count == 2 {
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
/// chain when it stands in atari, else save an own chain next to it that is in atari by
/// extending to a liberty that gives it two or more.
pub(super) fn tactical_reply(position: &Position, color: Color, last: Vertex) -> Option<Vertex> {
    let legal = |v: Vertex| position.check(color, v, Suicide::Illegal).is_ok();
    if position.stone(last) == Some(!color) && position.in_atari(last) {
        let liberty = position.liberties(last).first().map(|i| Vertex(i as u16))?;
        if legal(liberty) {
            return Some(liberty);
        }
    }
    neighbours(position, last)
        .filter(|&n| position.stone(n) == Some(color) && position.in_atari(n))
        .find_map(|n| {
            let liberty = Vertex(position.liberties(n).first()? as u16);
            let escape = Placement::of(position, color, liberty);
            (legal(liberty) && (escape.captures || escape.liberties >= 2)).then_some(liberty)
        })
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
pub(super) fn playout(
    position: &mut Position,
    first: Color,
    mut last: Option<Vertex>,
    rng: &mut SplitMix64,
    played: &mut FirstPlayed,
) {
    let limit = 3 * position.size().points();
    let (mut color, mut passes) = (first, 0);
    for _ in 0..limit {
        if passes >= 2 {
            break;
        }
        let mv = last
            .and_then(|l| {
                tactical_reply(position, color, l).or_else(|| shape_reply(position, color, l, rng))
            })
            .or_else(|| random_sensible(position, color, rng));
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
    let size = position.size();
    let geometry = size.geometry();
    let mut found = [Vertex(0); 8];
    let mut count = 0;
    let around = geometry.neighbours[last.index()]
        .iter()
        .chain(&geometry.diagonals[last.index()]);
    for v in around.filter_map(|&n| size.vertex_at(usize::from(n))) {
        if position.stone(v).is_none()
            && is_good_shape(position, color, v)
            && position.check(color, v, Suicide::Illegal).is_ok()
            && !Placement::of(position, color, v).is_self_atari()
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
/// [`PRIOR_VISITS`](super::PRIOR_VISITS) playouts.
pub(super) fn prior(position: &Position, color: Color, v: Vertex, last: Option<Vertex>) -> f32 {
    let placement = Placement::of(position, color, v);
    if placement.captures {
        return 0.8;
    }
    if placement.is_self_atari() {
        return 0.1;
    }
    let saves =
        neighbours(position, v).any(|n| position.stone(n) == Some(color) && position.in_atari(n));
    if saves && placement.liberties >= 2 {
        return 0.75;
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
        // Against the edge the escape gains nothing: no reply.
        let pos = parse_diagram(
            "OX.O.\n\
             .OO..\n\
             .....\n\
             .....\n\
             .....",
        )
        .unwrap();
        assert_eq!(tactical_reply(&pos, Color::Black, at(&pos, 1, 1)), None);
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
