//! Which board moves are legal: the suicide and ko choices that differ between rule sets,
//! and the reasons a move is refused.

use crate::core::Point;
use std::fmt;

/// May a move leave its own chain without liberties (after removing the opponent stones it
/// captures)? Such a move then removes that chain, and the opponent gets the stones as
/// prisoners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Japanese, Korean and Chinese rules.
    Illegal,
    /// Tromp-Taylor and New Zealand rules: every suicide, of one stone or many. A one-stone
    /// suicide changes nothing on the board, so positional superko still forbids it;
    /// situational superko allows it once per position and side to move.
    Legal,
}

/// Which repetitions are forbidden. Every rule forbids the immediate recapture of a
/// simple ko; the superko rules add every other repetition, checked against the hash of
/// every earlier position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ko {
    /// Only the immediate recapture of a single stone that just captured a single stone.
    /// Longer cycles (triple ko, eternal life) are left to the rule set's end condition.
    Simple,
    /// No move may recreate the stones of an earlier position (Chinese, Tromp-Taylor).
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move.
    SituationalSuperko,
}

/// The move-legality choices of a rule set: plain data, one field per independent choice.
///
/// ```
/// use tengen::go::{Ko, Legality, Suicide};
/// let tromp_taylor = Legality { suicide: Suicide::Legal, ko: Ko::PositionalSuperko };
/// assert_ne!(tromp_taylor.suicide, Suicide::Illegal);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Legality {
    /// Whether suicide is allowed.
    pub suicide: Suicide,
    /// Which repetitions are forbidden.
    pub ko: Ko,
}

/// Why a move cannot be played. Each names the point of the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard(Point),
    /// A stone is already there.
    Occupied(Point),
    /// The move would leave its own chain without liberties, and the rules forbid that.
    Suicide(Point),
    /// The immediate recapture of a simple ko.
    Ko(Point),
    /// The move would repeat an earlier position (as the [`Ko`] rule counts positions).
    Superko(Point),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, why) = match self {
            PlayError::OffBoard(p) => (p, "is off the board"),
            PlayError::Occupied(p) => (p, "is occupied"),
            PlayError::Suicide(p) => (p, "would be suicide"),
            PlayError::Ko(p) => (p, "retakes a ko at once"),
            PlayError::Superko(p) => (p, "repeats an earlier position"),
        };
        write!(f, "a move at ({},{}) {why}", p.x, p.y)
    }
}
impl std::error::Error for PlayError {}
