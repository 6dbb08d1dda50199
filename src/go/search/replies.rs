//! Last good replies with forgetting (LGRF-2; Baier and Drake 2010, "The Power of
//! Forgetting"): the playouts learn, within one search, which answer to the opponent's
//! last move (and to the last two moves) won, and play it again when the same moves come
//! up.
//!
//! After every simulation (tree moves and playout alike: the paper learns from the whole
//! sequence) each move of the winner is stored as the reply to the move before it and to
//! the two before it; each move of the loser is forgotten where it is the stored reply.
//! Forgetting keeps a table from holding on to an answer that stopped working as the
//! search moved on. Tables are per colour, so a reply is always one of the learner's own
//! moves, and per search thread, so no locking is needed. Each search starts them empty
//! (the simplest choice; keeping them from move to move is untried).

use super::policy::is_blunder;
use crate::core::Color;
use crate::go::{Position, Suicide, Vertex};

/// No reply stored.
const NONE: u16 = u16::MAX;

/// The reply tables of one search thread and the moves of its current simulation.
pub(super) struct Replies {
    /// The index of a pass among the moves replied to: one past the last point.
    pass: usize,
    /// Per colour to move and previous move: the last winning reply.
    one: Vec<u16>,
    /// Per colour to move, move two back and previous move: the last winning reply.
    two: Vec<u16>,
    /// The game's moves before the root (up to two, for context only: nobody knows
    /// whether they won), then the simulation's moves, passes as `pass`.
    line: Vec<u16>,
    /// How many of `line`'s moves come before the root.
    before: usize,
    /// Who plays the simulation's first move; the colours alternate from there.
    first: Color,
}

impl Replies {
    /// Empty tables for a board of `points` points.
    pub(super) fn new(points: usize) -> Replies {
        let moves = points + 1;
        Replies {
            pass: points,
            one: vec![NONE; 2 * moves],
            two: vec![NONE; 2 * moves * moves],
            line: Vec::with_capacity(4 * moves),
            before: 0,
            first: Color::Black,
        }
    }

    /// Starts a simulation from the root, `first` to move there, after the game's `moves`
    /// (the last two at most count).
    pub(super) fn begin(&mut self, moves: &[Option<Vertex>], first: Color) {
        self.line.clear();
        let tail = &moves[moves.len().saturating_sub(2)..];
        let pass = self.pass as u16;
        self.line
            .extend(tail.iter().map(|&mv| mv.map_or(pass, |v| v.0)));
        self.before = self.line.len();
        self.first = first;
    }

    /// Records the simulation's next move.
    pub(super) fn push(&mut self, mv: Option<Vertex>) {
        self.line.push(mv.map_or(self.pass as u16, |v| v.0));
    }

    /// The slots of `color`'s reply after the moves before `line[end]`: the one to the
    /// last move, and the one to the last two when there are two.
    fn slots(&self, color: Color, end: usize) -> Option<(usize, Option<usize>)> {
        let moves = self.pass + 1;
        let c = color.index();
        let prev = usize::from(*self.line[..end].last()?);
        let one = c * moves + prev;
        let two = end
            .checked_sub(2)
            .map(|k| (c * moves + usize::from(self.line[k])) * moves + prev);
        Some((one, two))
    }

    /// Learns from the simulation just played, won by `winner` (`None`: a draw or a void
    /// game, which teaches nothing).
    pub(super) fn learn(&mut self, winner: Option<Color>) {
        let Some(winner) = winner else { return };
        for i in self.before..self.line.len() {
            let mv = self.line[i];
            if usize::from(mv) == self.pass {
                continue;
            }
            let color = if (i - self.before) % 2 == 0 {
                self.first
            } else {
                !self.first
            };
            let Some((one, two)) = self.slots(color, i) else {
                continue;
            };
            if color == winner {
                self.one[one] = mv;
                if let Some(two) = two {
                    self.two[two] = mv;
                }
            } else {
                if self.one[one] == mv {
                    self.one[one] = NONE;
                }
                if let Some(two) = two.filter(|&t| self.two[t] == mv) {
                    self.two[two] = NONE;
                }
            }
        }
    }

    /// The stored reply of `color` to the moves so far, two-move context first, if it
    /// is a sensible move in `position`: legal, not filling an own eye, not a
    /// self-atari. A reply learned elsewhere in the tree may not fit here.
    pub(super) fn reply(&self, position: &Position, color: Color) -> Option<Vertex> {
        let (one, two) = self.slots(color, self.line.len())?;
        let two = two.map(|t| self.two[t]);
        [two, Some(self.one[one])]
            .into_iter()
            .flatten()
            .filter(|&r| r != NONE)
            .map(Vertex)
            .find(|&v| {
                position.check(color, v, Suicide::Illegal).is_ok()
                    && !position.is_eye(color, v)
                    && !is_blunder(position, color, v)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Point, SplitMix64};
    use crate::go::parse_diagram;
    use crate::go::search::policy::{playout, FirstPlayed};

    fn at(pos: &Position, x: u8, y: u8) -> Vertex {
        pos.size().vertex(Point::new(x, y)).unwrap()
    }

    /// A simulation from the root of an empty game: `first` plays `moves[0]`, the
    /// colours alternate, and `winner` wins.
    fn simulate(replies: &mut Replies, first: Color, moves: &[Vertex], winner: Option<Color>) {
        replies.begin(&[], first);
        for &v in moves {
            replies.push(Some(v));
        }
        replies.learn(winner);
    }

    /// Black's reply after `moves`, played from the root with Black first.
    fn black_reply(replies: &mut Replies, pos: &Position, moves: &[Vertex]) -> Option<Vertex> {
        replies.begin(
            &[],
            if moves.len() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
        );
        for &v in moves {
            replies.push(Some(v));
        }
        replies.reply(pos, Color::Black)
    }

    #[test]
    fn keeps_the_winners_replies_and_forgets_the_losers() {
        let pos = parse_diagram(&".....\n".repeat(5)).unwrap();
        let [a, b, c, d, e] = [(0, 0), (1, 0), (2, 2), (3, 3), (4, 0)].map(|(x, y)| at(&pos, x, y));
        let mut replies = Replies::new(25);
        simulate(
            &mut replies,
            Color::Black,
            &[a, b, c, d],
            Some(Color::Black),
        );
        // Black's c answers b after a (two moves), and b after anything (one move).
        assert_eq!(black_reply(&mut replies, &pos, &[a, b]), Some(c));
        assert_eq!(black_reply(&mut replies, &pos, &[e, b]), Some(c));
        // The loser's moves were not stored.
        replies.begin(&[], Color::Black);
        replies.push(Some(a));
        assert_eq!(replies.reply(&pos, Color::White), None);
        // A draw teaches nothing.
        simulate(&mut replies, Color::Black, &[e, b, d], None);
        assert_eq!(black_reply(&mut replies, &pos, &[e, b]), Some(c));

        // Black answers b with c again, after e, and loses: the one-move reply is
        // forgotten, the two-move reply after a stays, and White's winning b is kept.
        simulate(
            &mut replies,
            Color::Black,
            &[e, b, c, d],
            Some(Color::White),
        );
        assert_eq!(black_reply(&mut replies, &pos, &[e, b]), None);
        assert_eq!(black_reply(&mut replies, &pos, &[a, b]), Some(c));
        replies.begin(&[], Color::Black);
        replies.push(Some(e));
        assert_eq!(replies.reply(&pos, Color::White), Some(b));
    }

    #[test]
    fn a_stored_reply_is_played_only_when_sensible() {
        // Black's stored reply to White's b: c, an empty point.
        let empty = parse_diagram(&".....\n".repeat(5)).unwrap();
        let [b, c] = [(4, 4), (1, 1)].map(|(x, y)| at(&empty, x, y));
        let mut replies = Replies::new(25);
        simulate(&mut replies, Color::White, &[b, c], Some(Color::Black));
        let reply = |replies: &mut Replies, pos: &Position| {
            replies.begin(&[Some(b)], Color::Black);
            replies.reply(pos, Color::Black)
        };
        assert_eq!(reply(&mut replies, &empty), Some(c));
        // c taken, c an own eye, c a self-atari of two stones (that fills no eye space),
        // c a suicide: none is played.
        for diagram in [
            ".....\n.O...\n.....\n.....\n.....",
            ".X...\nX.X..\n.X...\n.....\n.....",
            ".O...\nO.O..\nOXO..\n.....\n.....",
            ".O...\nO.O..\n.O...\n.....\n.....",
        ] {
            let pos = parse_diagram(diagram).unwrap();
            assert_eq!(reply(&mut replies, &pos), None, "{diagram}");
        }
    }

    #[test]
    fn playouts_play_the_stored_reply_and_record_their_moves() {
        let diagram = ".........\n".repeat(4) + "....O....\n" + &".........\n".repeat(4);
        let pos = parse_diagram(&diagram).unwrap();
        // Far from White's last move b: no tactics and no shape answer there.
        let [b, c] = [(4, 4), (1, 7)].map(|(x, y)| at(&pos, x, y));
        let first_reply = |replies: &mut Replies, seed: u64| {
            let mut scratch = pos.clone();
            let mut played = FirstPlayed::new(81);
            replies.begin(&[Some(b)], Color::Black);
            let mut rng = SplitMix64::new(seed);
            playout(
                &mut scratch,
                Color::Black,
                Some(b),
                &mut rng,
                &mut played,
                Some(replies),
            );
            // The playout recorded every move after the root's context move.
            assert!(replies.line.len() > 20);
            Vertex(replies.line[1])
        };
        let mut fresh = Replies::new(81);
        let unlearned: Vec<Vertex> = (0..8).map(|s| first_reply(&mut fresh, s)).collect();
        assert!(unlearned.iter().any(|&v| v != c), "{unlearned:?}");
        let mut learned = Replies::new(81);
        simulate(&mut learned, Color::White, &[b, c], Some(Color::Black));
        for seed in 0..8 {
            assert_eq!(first_reply(&mut learned, seed), c, "seed {seed}");
        }
    }
}
