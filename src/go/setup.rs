//! Positions built from stones set down all at once (board diagrams, SGF setup), with no
//! game behind them.

use super::legality::Suicide;
use super::{BoardSize, Position};
use crate::core::{Color, Point};
use std::fmt;

/// Why stones cannot stand together on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StonesError {
    /// A stone off the board.
    OffBoard(Point),
    /// Two stones on one point.
    Twice(Point),
    /// The chain of the stone on this point has no liberty.
    NoLiberty(Point),
}

impl fmt::Display for StonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, why) = match self {
            StonesError::OffBoard(p) => (p, "is off the board"),
            StonesError::Twice(p) => (p, "has two stones"),
            StonesError::NoLiberty(p) => (p, "is in a chain without liberties"),
        };
        write!(f, "the stone at ({},{}) {why}", p.x, p.y)
    }
}
impl std::error::Error for StonesError {}

impl Position {
    /// The position of `stones` on an empty board of `size` (no ko, no captures).
    ///
    /// ```
    /// use tengen::go::{BoardSize, Position, StonesError};
    /// use tengen::core::{Color, Point};
    /// let size = BoardSize::new(5).unwrap();
    /// let corner = [(Color::White, Point::new(0, 0)), (Color::Black, Point::new(1, 0))];
    /// assert!(Position::with_stones(size, corner).is_ok());
    /// let dead = corner.into_iter().chain([(Color::Black, Point::new(0, 1))]);
    /// let error = Position::with_stones(size, dead).unwrap_err();
    /// assert_eq!(error, StonesError::NoLiberty(Point::new(0, 0)));
    /// ```
    pub fn with_stones(
        size: BoardSize,
        stones: impl IntoIterator<Item = (Color, Point)>,
    ) -> Result<Position, StonesError> {
        let mut position = Position::new(size);
        let mut placed = Vec::new();
        for (color, p) in stones {
            let v = size.vertex(p).ok_or(StonesError::OffBoard(p))?;
            if position.stone(v).is_some() {
                return Err(StonesError::Twice(p));
            }
            // Stones of a legal position capture nothing whatever the order they go down
            // in: an unfinished part of a chain always has an unplaced stone of its own
            // next to it, an empty point for now. So a capture means a chain that ends up
            // without liberties; with suicide allowed on an empty point, only a ko ban
            // could refuse the stone, and a ban needs a capture first.
            let taken = position.captures(Color::Black) + position.captures(Color::White);
            position
                .play(color, Some(v), Suicide::Legal)
                .expect("an empty point takes a stone when suicide is legal and no ko is on");
            placed.push(v);
            if position.captures(Color::Black) + position.captures(Color::White) != taken {
                let lost = placed.iter().find(|&&s| position.stone(s).is_none());
                return Err(StonesError::NoLiberty(
                    size.point(*lost.expect("a stone was taken")),
                ));
            }
        }
        Ok(position)
    }
}
