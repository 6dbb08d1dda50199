//! Renju and Gomoku rules: the board, line patterns, wins and Black's forbidden moves.
//!
//! ```
//! use tengen::renju::{Board, Rule};
//! use tengen::core::{Color, Point};
//! let mut b = Board::new(15, Rule::Freestyle).unwrap();
//! for x in 3..7 {
//!     b.put(Point::new(x, 7), Color::Black).unwrap();
//! }
//! assert!(b.makes_five(Point::new(7, 7), Color::Black));
//! ```

mod board;
mod forbid;
pub mod line;
pub mod notation;
pub mod opening;
mod pattern;
mod rule;
pub mod search;

pub use board::{BadSize, Board, PlaceError, Points, MAX_SIZE, MIN_SIZE};
pub use forbid::Foul;
pub use pattern::{straight_four_offsets, LinePattern, LineTable, Shape, Tally};
pub use rule::{FiveRule, Rule, UnknownRule};
