//! A game played under a [`Rules`] value: the board and its record, and what the rules make
//! of placements and removals beyond the board's legality: each side's stones in hand,
//! where removed stones go (back to their owner, to the capturer as prisoners, or out of
//! the game), placements that lose by rule, and when and how play ends.
//!
//! Every choice is read from a field of [`Rules`]; the OP rules ([`Rules::op`]) are the set
//! that uses them all. Our reading of the OP articles (translated in `op-rules.md`; the
//! seed's commentary is the authority on their meaning), article by article:
//!
//! - **Reg. 1, fixed quantity** ([`StoneSupply::Each`]): each side starts with 180 stones in
//!   hand, a placement uses one, a side with none cannot place. The rules are written for
//!   19x19 only (commentary on §1: smaller boards have no need of a fixed quantity). A
//!   [`Game`] accepts every board size: the supply is data, and 180 stones on a small board
//!   simply never run out.
//! - **Reg. 2.1 to 2.3, placing**: a player may always pass. Black places first, so when
//!   Black's very first move is a pass White can never place first: the right cannot go
//!   round, and Black, with no stone on the board, loses
//!   ([`Ending::black_first_pass_loses`], [`Forfeit::FirstMovePass`]). As on a
//!   [`Board`], colours need not alternate (GTP sets positions up that way); the side to
//!   move is the opponent of the last player.
//! - **Commentary on 2.2, every point is playable**: OP forbids no point. The placements
//!   refused here are those on an occupied point, those the [`Legality`](super::Legality)
//!   choices forbid (suicide when illegal; under [`PlaceAndRemove::Refused`] the simple-ko
//!   ban and superko), and those of a side that may not place (no stone in hand, wiped out).
//! - **Reg. 3.1 and 3.2, removal**: a group left without liberties is removed: first the
//!   opponent groups the stone fills (its own group gains the liberties they free), then
//!   its own group if that is still filled. Removal is one-sided, as the commentary says
//!   games are really played. Stones filled by the opponent go back to their owner's
//!   hand ([`Captures::ReturnToOwner`]) or become the capturer's prisoners
//!   ([`Captures::Prisoners`]).
//! - **Reg. 3.3 and 5.1, confiscation** ([`Confiscation::SelfFillAndRepeatedRemoval`]): a
//!   self-fill removal (a group removed by its own placement: two stones or more, since a
//!   lone stone falls under reg. 4) and a repeated removal (a group of the same colour on
//!   exactly the points of a group removed earlier in the game: same place, same shape)
//!   are taken by the other side and kept apart; they never come back. A ko fought with
//!   threats thus burns a stone at each retake after the first of each side.
//! - **Reg. 4, 3.4, 2.4, 6.2 and 9.2, place-and-remove**: a removal after which the
//!   position (the stones, as [`Position::hash`] covers them) is the one from right before
//!   one of the removed stones was placed cannot be made. The commentary: the filled stone
//!   stays, nobody may place while it is on the board, so the right cannot go round and
//!   ends, and the placer, who made it so, loses. Under [`PlaceAndRemove::Loses`] such a
//!   placement is accepted and recorded, is not carried out on the board (a [`Position`]
//!   holds no filled group), and ends the game ([`Forfeit::PlaceAndRemove`]). The cases:
//!   the immediate retake of a ko and a one-stone suicide; and, reading the article
//!   literally (any removed stone, however long ago it was placed), a removal that gives
//!   back an older position. Positions are compared by their 64-bit hash, as superko is.
//! - **Reg. 5.2, wiped out** ([`Ending::wiped_out_cannot_place`]): a colour that has placed
//!   and has no stone left on the board may not place again. At the start nobody has a
//!   stone on the board and nobody is barred; White is not barred before its first stone.
//! - **Reg. 6.1**: [`Ending::passes`] passes in a row stop play and the board is counted
//!   ([`Stop::Passes`]). "Black's pass position and White's pass position are the same"
//!   is read as consecutive passes.
//! - **Reg. 6.2 and 9.2, the right cannot go round**: besides the two forfeits above, when
//!   the side to move cannot place (no stone in hand, or wiped out), play stops and the
//!   board is counted ([`Ending::cannot_place_stops`], [`Stop::CannotPlace`]). The glossary
//!   defines running out as having no stone left that can receive the right, and the
//!   commentary on a wipe-out says "when White has removed the three stones, it is over
//!   there"; on running out it says Black "loses for lack of points", so the board is
//!   counted and nobody forfeits: 9.2 is the penalty (the commentary's word) for breaking
//!   a rule, not for capturing or for using up one's stones. The test is made at the
//!   side's turn rather than when its last stone leaves its hand, because captured stones
//!   come back (reg. 3.2) and may let it place again. Without this choice such a side can
//!   only pass.

use super::board::Board;
use super::legality::{PlayError, Suicide};
use super::position::{Position, Removals};
#[cfg(doc)]
use super::rules::Ending;
use super::rules::{Captures, Confiscation, Cycle, PlaceAndRemove, Rules, StoneSupply};
use super::score::{score, GameResult, Score, ScoreError};
use super::vertex::{BoardSize, Points, Vertex};
use crate::core::{Color, Point};
use std::fmt;

/// How many times one position (with the same side to move) must come about for an
/// unbroken cycle to void the game under [`Cycle::NoResult`]. Japanese art. 12 and Korean
/// art. 16 void a game whose position repeats when neither player will deviate; the third
/// occurrence is where an arbiter sees the cycle run twice and both players keep it going
/// (triple ko, round-robin ko, eternal life).
pub const NO_RESULT_REPETITIONS: usize = 3;

/// Why play stopped with the board to be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// [`Ending::passes`] passes in a row (OP 6.1).
    Passes,
    /// The side to move cannot place: no stone in hand, or wiped out (OP 6.2).
    CannotPlace(Color),
}

/// How a player lost by breaking a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// Black passed as the very first move, so White could never place first.
    FirstMovePass,
    /// A placement on this point whose removal would give back the position from right
    /// before a removed stone was placed (OP reg. 4).
    PlaceAndRemove(Point),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOver {
    /// Play stopped: the board is to be counted ([`Game::score`]).
    Stopped(Stop),
    /// The same position, with the same side to move, came about for the
    /// [`NO_RESULT_REPETITIONS`]th time under [`Cycle::NoResult`]: the game is void.
    Cycle,
    /// `loser` lost by rule; there is nothing to count.
    Forfeit {
        /// Who broke the rule.
        loser: Color,
        /// Which rule.
        why: Forfeit,
    },
}

impl GameOver {
    /// The result when a rule decided it (a win with `half_points: None`); `None` when the
    /// board is to be counted.
    pub fn result(self) -> Option<GameResult> {
        match self {
            GameOver::Stopped(_) => None,
            GameOver::Cycle => Some(GameResult::NoResult),
            GameOver::Forfeit { loser, .. } => Some(GameResult::Win {
                winner: !loser,
                half_points: None,
            }),
        }
    }
}

/// Why a move was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The board refuses the point (off the board, occupied, suicide, ko, superko).
    Illegal(PlayError),
    /// This side has no stone left in hand.
    NoStonesLeft(Color),
    /// Every stone of this colour has been removed from the board (OP 5.2).
    WipedOut(Color),
    /// The game is over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| if *c == Color::Black { "black" } else { "white" };
        match self {
            MoveError::Illegal(why) => why.fmt(f),
            MoveError::NoStonesLeft(c) => write!(f, "{} has no stone left to place", side(c)),
            MoveError::WipedOut(c) => write!(
                f,
                "{} has no stone left on the board and may not place again",
                side(c)
            ),
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}
impl std::error::Error for MoveError {}

/// What the rules count besides the board; one copy per move of the record restores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tally {
    /// The stones each side can still place, when the supply is finite.
    in_hand: Option<[u16; 2]>,
    /// The stones each side holds as prisoners.
    prisoners: [u32; 2],
    /// The stones of each colour out of the game, kept apart by the opponent.
    confiscated: [u32; 2],
    /// Has each side placed a stone on the board?
    placed: [bool; 2],
    over: Option<GameOver>,
}

/// One move of the record, with what undo needs to restore.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Step {
    color: Color,
    mv: Option<Vertex>,
    /// The board played the move (not so a placement that lost by rule).
    on_board: bool,
    /// The tally before the move.
    tally: Tally,
    /// `Game::placed_over` at the move's point before the move.
    placed_over: u64,
    /// The length of `Game::removed` before the move.
    removed: usize,
}

/// A game under a [`Rules`] value: a [`Board`] (position, legality, undo, superko) plus the
/// stones in hand, prisoners, confiscations, placements that lose by rule and the end of
/// play. The module documentation says how each OP article is read.
///
/// ```
/// use tengen::go::{BoardSize, Forfeit, Game, GameOver, Rules};
/// use tengen::core::{Color, Point};
/// let mut game = Game::new(BoardSize::new(19).unwrap(), Rules::op());
/// game.play(Color::Black, Some(Point::new(3, 3))).unwrap();
/// assert_eq!(game.stones_in_hand(Color::Black), Some(179));
/// // A lone stone in the corner with no liberty would be removed into the position from
/// // before it was placed: the placement is made, and loses.
/// game.play(Color::Black, Some(Point::new(1, 0))).unwrap();
/// game.play(Color::Black, Some(Point::new(0, 1))).unwrap();
/// game.play(Color::White, Some(Point::new(0, 0))).unwrap();
/// let over = game.is_over().unwrap();
/// let why = Forfeit::PlaceAndRemove(Point::new(0, 0));
/// assert_eq!(over, GameOver::Forfeit { loser: Color::White, why });
/// assert_eq!(over.result().unwrap().to_string(), "B+F");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rules: Rules,
    tally: Tally,
    /// Per point, the stone hash of the position right before the stone on it was placed
    /// (OP reg. 4); meaningless on empty points.
    placed_over: Vec<u64>,
    /// The colour and points of every group removed so far, in order.
    removed: Vec<(Color, Points)>,
    steps: Vec<Step>,
    /// Who moves before the first move of the record.
    first: Color,
}

impl Game {
    /// An empty board, Black to move, every side's supply in hand.
    pub fn new(size: BoardSize, rules: Rules) -> Game {
        Game::with_setup(Position::new(size), Color::Black, rules)
    }

    /// A game that starts from stones set down before play (handicap stones, a record's
    /// setup) with `to_move` to play first. The setup stones come out of each side's
    /// supply and count as placed (OP 5.2); undo stops at the setup, and superko counts
    /// the setup as the first position of the game. A setup stone was never placed in
    /// play: for OP reg. 4 the position "from before it was placed" is the setup itself.
    ///
    /// ```
    /// use tengen::go::{BoardSize, Game, Position, Rules};
    /// use tengen::core::{Color, Point};
    /// let size = BoardSize::new(9).unwrap();
    /// let handicap = [(Color::Black, Point::new(2, 6)), (Color::Black, Point::new(6, 2))];
    /// let position = Position::with_stones(size, handicap).unwrap();
    /// let mut game = Game::with_setup(position, Color::White, Rules::japanese());
    /// assert_eq!((game.to_move(), game.move_count()), (Color::White, 0));
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn with_setup(position: Position, to_move: Color, rules: Rules) -> Game {
        let size = position.size();
        let on_board = Color::BOTH.map(|c| position.stones(c).len());
        let in_hand = match rules.stone_supply {
            StoneSupply::Unlimited => None,
            StoneSupply::Each(n) => {
                Some(on_board.map(|k| n.saturating_sub(u16::try_from(k).unwrap_or(u16::MAX))))
            }
        };
        let start = position.hash();
        let mut game = Game {
            board: Board::from_position(position, to_move, rules.legality),
            rules,
            tally: Tally {
                in_hand,
                prisoners: [0; 2],
                confiscated: [0; 2],
                placed: on_board.map(|k| k > 0),
                over: None,
            },
            placed_over: vec![start; size.points()],
            removed: Vec::new(),
            steps: Vec::new(),
            first: to_move,
        };
        // Only a supply of no stones at all stops play before it starts.
        game.tally.over = game.stopped();
        game
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        self.board.position()
    }

    /// The rules of the game.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The opponent of the last player to move; before the first move, Black, or the
    /// side a setup named ([`with_setup`](Self::with_setup)).
    #[inline]
    pub fn to_move(&self) -> Color {
        self.steps.last().map_or(self.first, |s| !s.color)
    }

    /// Moves played so far, passes and a placement that lost by rule included.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.steps.len()
    }

    /// Whether the game has ended, and how.
    #[inline]
    pub fn is_over(&self) -> Option<GameOver> {
        self.tally.over
    }

    /// The stones `color` can still place; `None` for an unlimited supply.
    #[inline]
    pub fn stones_in_hand(&self, color: Color) -> Option<u16> {
        self.tally.in_hand.map(|hand| hand[color.index()])
    }

    /// The stones each side holds as prisoners, Black's first: what territory scoring
    /// adds. Always zero when captured stones go back to their owner.
    #[inline]
    pub fn prisoners(&self) -> [u32; 2] {
        self.tally.prisoners
    }

    /// The stones of `color` taken out of the game (kept apart by the opponent, OP 3.3
    /// and 5.1).
    #[inline]
    pub fn confiscated(&self, color: Color) -> u32 {
        self.tally.confiscated[color.index()]
    }

    /// May `color` place a stone now, somewhere? Not once the game is over, nor without a
    /// stone in hand, nor once wiped out (OP 5.2). Passing is always allowed until the end.
    pub fn may_place(&self, color: Color) -> bool {
        self.tally.over.is_none() && self.barred(color).is_none()
    }

    /// Plays `color` on `mv`, or passes when `mv` is `None`. A placement that loses by
    /// rule ([`PlaceAndRemove::Loses`]) is accepted and ends the game; see
    /// [`is_over`](Self::is_over). On error the game is unchanged.
    pub fn play(&mut self, color: Color, mv: Option<Point>) -> Result<(), MoveError> {
        if self.tally.over.is_some() {
            return Err(MoveError::GameOver);
        }
        let step = Step {
            color,
            mv: None,
            on_board: true,
            tally: self.tally,
            placed_over: 0,
            removed: self.removed.len(),
        };
        let step = match mv {
            Some(p) => self.place(color, p, step)?,
            None => {
                self.board.play(color, None).map_err(MoveError::Illegal)?;
                if self.rules.ending.black_first_pass_loses
                    && color == Color::Black
                    && self.steps.is_empty()
                {
                    self.tally.over = Some(GameOver::Forfeit {
                        loser: color,
                        why: Forfeit::FirstMovePass,
                    });
                }
                step
            }
        };
        self.steps.push(step);
        if self.tally.over.is_none() {
            self.tally.over = self.stopped();
        }
        Ok(())
    }

    /// Lets play go on after it stopped by passes: under the Japanese rules (art. 9) a
    /// player may ask to resume, and GTP clients resume when the players disagree about
    /// the dead stones. Any other end of the game stands. Returns whether play resumed.
    ///
    /// ```
    /// use tengen::go::{BoardSize, Game, Rules};
    /// use tengen::core::{Color, Point};
    /// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// game.play(Color::Black, None).unwrap();
    /// game.play(Color::White, None).unwrap();
    /// assert!(game.is_over().is_some() && game.resume());
    /// assert!(game.play(Color::Black, Some(Point::new(4, 4))).is_ok());
    /// ```
    pub fn resume(&mut self) -> bool {
        let stopped = self.tally.over == Some(GameOver::Stopped(Stop::Passes));
        if stopped {
            self.tally.over = None;
        }
        stopped
    }

    /// The moves of the record in order, each with its colour (`None` a pass).
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Option<Vertex>)> + '_ {
        self.steps.iter().map(|s| (s.color, s.mv))
    }

    /// Takes back the last move and returns it; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<(Color, Option<Point>)> {
        let step = self.steps.pop()?;
        if step.on_board {
            self.board.undo();
        }
        if let Some(v) = step.mv {
            self.placed_over[v.index()] = step.placed_over;
        }
        self.tally = step.tally;
        self.removed.truncate(step.removed);
        let size = self.position().size();
        Some((step.color, step.mv.map(|v| size.point(v))))
    }

    /// The points where `color` may place now without losing by rule, in index order;
    /// empty once the game is over or when `color` may not place. Under OP every empty
    /// point is playable: the list leaves out the placements that lose at once (reg. 4:
    /// retaking a ko, a one-stone suicide). Passing is always possible and not listed.
    pub fn legal_moves(&self, color: Color) -> Vec<Vertex> {
        if !self.may_place(color) {
            return Vec::new();
        }
        let mut moves = self.board.legal_moves(color);
        if self.rules.place_and_remove == PlaceAndRemove::Loses {
            moves
                .retain(|&v| !self.breaks_place_and_remove(&self.position().removals(color, v), v));
        }
        moves
    }

    /// Would `color` placing on the empty point `v` lose the game by rule (OP reg. 4 under
    /// [`PlaceAndRemove::Loses`])? Always `false` under [`PlaceAndRemove::Refused`], whose
    /// board refuses such placements instead.
    pub fn loses_by_rule(&self, color: Color, v: Vertex) -> bool {
        self.rules.place_and_remove == PlaceAndRemove::Loses
            && self.position().stone(v).is_none()
            && self.breaks_place_and_remove(&self.position().removals(color, v), v)
    }

    /// Counts the current position under the game's rules, with the stones of `dead`
    /// taken off and the prisoners taken in play ([`score`](super::score)).
    pub fn score(&self, dead: Points) -> Result<Score, ScoreError> {
        score(self.position(), dead, self.prisoners(), &self.rules)
    }

    /// A placement of `color` on `p`, recorded in `step`; the tally is updated.
    fn place(&mut self, color: Color, p: Point, mut step: Step) -> Result<Step, MoveError> {
        let position = self.board.position();
        let v = position
            .size()
            .vertex(p)
            .ok_or(MoveError::Illegal(PlayError::OffBoard(p)))?;
        if position.stone(v).is_some() {
            return Err(MoveError::Illegal(PlayError::Occupied(p)));
        }
        if let Some(why) = self.barred(color) {
            return Err(why);
        }
        let removals = position.removals(color, v);
        if removals.self_filled.is_some() && self.rules.legality.suicide == Suicide::Illegal {
            return Err(MoveError::Illegal(PlayError::Suicide(p)));
        }
        step.mv = Some(v);
        step.placed_over = self.placed_over[v.index()];
        if self.rules.place_and_remove == PlaceAndRemove::Loses
            && self.breaks_place_and_remove(&removals, v)
        {
            step.on_board = false;
            self.tally.over = Some(GameOver::Forfeit {
                loser: color,
                why: Forfeit::PlaceAndRemove(p),
            });
            return Ok(step);
        }
        let hash_before = position.hash();
        self.board
            .play(color, Some(p))
            .map_err(MoveError::Illegal)?;
        debug_assert_eq!(self.position().hash(), removals.hash_after);
        self.placed_over[v.index()] = hash_before;
        self.tally.placed[color.index()] = true;
        if let Some(hand) = &mut self.tally.in_hand {
            // `barred` saw a stone in hand.
            hand[color.index()] -= 1;
        }
        for &group in &removals.captured {
            self.take_off(!color, group, false);
        }
        if let Some(group) = removals.self_filled {
            self.take_off(color, group, true);
        }
        Ok(step)
    }

    /// Sends the removed `group` of `owner`'s stones where the rules say: out of the game,
    /// back to the owner's hand, or to the opponent as prisoners.
    fn take_off(&mut self, owner: Color, group: Points, self_filled: bool) {
        let repeated = self.removed.contains(&(owner, group));
        self.removed.push((owner, group));
        let n = group.len();
        let confiscated = match self.rules.confiscation {
            Confiscation::Never => false,
            Confiscation::SelfFillAndRepeatedRemoval => self_filled || repeated,
        };
        let tally = &mut self.tally;
        if confiscated {
            tally.confiscated[owner.index()] += n as u32;
        } else {
            match self.rules.captures {
                Captures::ReturnToOwner => {
                    if let Some(hand) = &mut tally.in_hand {
                        // At most the stones that left this hand: no overflow.
                        hand[owner.index()] += n as u16;
                    }
                }
                Captures::Prisoners => tally.prisoners[(!owner).index()] += n as u32,
            }
        }
    }

    /// Would the removals of a placement on `v` give back the position from right before
    /// one of the removed stones was placed (OP reg. 4)?
    fn breaks_place_and_remove(&self, removals: &Removals, v: Vertex) -> bool {
        let now = self.position().hash();
        let placed_over = |s: usize| {
            if s == v.index() {
                now
            } else {
                self.placed_over[s]
            }
        };
        removals
            .captured
            .iter()
            .chain(&removals.self_filled)
            .flat_map(|group| group.iter())
            .any(|s| placed_over(s) == removals.hash_after)
    }

    /// Why `color` may not place at all, if it may not.
    fn barred(&self, color: Color) -> Option<MoveError> {
        let i = color.index();
        if self.tally.in_hand.is_some_and(|hand| hand[i] == 0) {
            Some(MoveError::NoStonesLeft(color))
        } else if self.rules.ending.wiped_out_cannot_place
            && self.tally.placed[i]
            && self.position().stones(color).is_empty()
        {
            Some(MoveError::WipedOut(color))
        } else {
            None
        }
    }

    /// Has play stopped, with the board to be counted, after the last move?
    fn stopped(&self) -> Option<GameOver> {
        let passes = usize::from(self.rules.ending.passes);
        let passed = passes > 0
            && self.steps.len() >= passes
            && self.steps[self.steps.len() - passes..]
                .iter()
                .all(|s| s.mv.is_none());
        let next = self.to_move();
        let cycling = self.rules.cycle == Cycle::NoResult
            && self.board.repetitions() >= NO_RESULT_REPETITIONS;
        if cycling {
            Some(GameOver::Cycle)
        } else if passed {
            Some(GameOver::Stopped(Stop::Passes))
        } else if self.rules.ending.cannot_place_stops && self.barred(next).is_some() {
            Some(GameOver::Stopped(Stop::CannotPlace(next)))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_supply_of_no_stones_stops_play_before_it_starts() {
        let rules = Rules {
            stone_supply: StoneSupply::Each(0),
            ..Rules::op()
        };
        let game = Game::new(BoardSize::new(9).unwrap(), rules);
        let stop = GameOver::Stopped(Stop::CannotPlace(Color::Black));
        assert_eq!(game.is_over(), Some(stop));
        assert_eq!(stop.result(), None);
        assert!(game.legal_moves(Color::Black).is_empty());
    }

    #[test]
    fn the_record_keeps_the_board_before_each_placement() {
        let size = BoardSize::new(5).unwrap();
        let mut game = Game::new(size, Rules::op());
        let mut hashes = Vec::new();
        for (x, y) in [(0, 0), (1, 0), (2, 2), (0, 1)] {
            hashes.push(game.position().hash());
            let color = game.to_move();
            game.play(color, Some(Point::new(x, y))).unwrap();
        }
        // White's (0,1) took Black's (0,0): three stones left, with their boards.
        for ((x, y), h) in [(1, 0), (2, 2), (0, 1)].into_iter().zip(&hashes[1..]) {
            let v = size.vertex(Point::new(x, y)).unwrap();
            assert_eq!(game.placed_over[v.index()], *h);
        }
        let taken = Points::from_iter([0]);
        assert_eq!(game.removed, vec![(Color::Black, taken)]);
        game.undo();
        assert!(game.removed.is_empty());
    }

    #[test]
    fn a_setup_game_starts_from_its_stones_with_the_named_side_to_move() {
        let size = BoardSize::new(5).unwrap();
        let stones = [
            (Color::Black, Point::new(1, 1)),
            (Color::White, Point::new(3, 3)),
        ];
        let position = Position::with_stones(size, stones).unwrap();
        let mut game = Game::with_setup(position.clone(), Color::White, Rules::op());
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(game.stones_in_hand(Color::Black), Some(179));
        assert_eq!(game.stones_in_hand(Color::White), Some(179));
        // The setup stones are on the board and cannot be played on.
        let occupied = MoveError::Illegal(PlayError::Occupied(Point::new(1, 1)));
        assert_eq!(
            game.play(Color::White, Some(Point::new(1, 1))),
            Err(occupied)
        );
        game.play(Color::White, Some(Point::new(0, 0))).unwrap();
        assert_eq!(game.to_move(), Color::Black);
        assert_eq!(game.undo(), Some((Color::White, Some(Point::new(0, 0)))));
        assert_eq!(game.undo(), None);
        assert_eq!(game.position(), &position);
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn refusals_say_what_is_wrong() {
        let text = [
            MoveError::Illegal(PlayError::Occupied(Point::new(2, 3))),
            MoveError::NoStonesLeft(Color::White),
            MoveError::WipedOut(Color::Black),
            MoveError::GameOver,
        ]
        .map(|e| e.to_string());
        assert_eq!(
            text,
            [
                "a move at (2,3) is occupied",
                "white has no stone left to place",
                "black has no stone left on the board and may not place again",
                "the game is over",
            ]
        );
    }
}
