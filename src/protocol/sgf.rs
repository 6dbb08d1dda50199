//! SGF (Smart Game Format, FF\[4\]) reading and writing for Go (`GM[1]`) and
//! Renju/Gomoku (`GM[4]`).
//!
//! Two levels:
//! - [`parse`] reads any SGF collection into [`GameTree`]s of [`Node`]s and
//!   [`Property`]s, variations kept (the main line is the first child at every node).
//! - [`GoRecord`] and [`RenjuRecord`] (or [`Record`], which dispatches on `GM`) read the
//!   main line of a game into plain data, check that every value parses and every point is
//!   on the board, and write FF\[4\] back. They do not judge moves: `replay` does, with the
//!   rules core.
//!
//! Coordinates are two letters, `a`..`z` then `A`..`Z`: the column from the left, then the
//! row from the top, as [`Point`](crate::core::Point) counts them. Every error names the
//! line and column where the input went wrong; no input makes the reader panic.
//!
//! ```
//! use tengen::protocol::sgf::GoRecord;
//! use tengen::go::{Ko, Legality, Suicide};
//! use tengen::core::{Color, Point};
//! let record = GoRecord::from_sgf("(;GM[1]SZ[9]KM[7];B[ee];W[cc](;B[gc])(;B[cg]))").unwrap();
//! assert_eq!(record.komi, Some(7.0));
//! assert_eq!(record.moves[2], (Color::Black, Some(Point::new(6, 2))));
//! let board = record.replay(Legality { suicide: Suicide::Illegal, ko: Ko::Simple }).unwrap();
//! assert_eq!(board.move_count(), 3);
//! assert!(GoRecord::from_sgf("(;SZ[9];B[jj])").unwrap_err().to_string().starts_with("line 1, column 10:"));
//! ```
#![warn(missing_docs)]

mod error;
mod go;
mod record;
mod renju;
mod tree;
mod value;

pub use error::{SgfError, SgfErrorKind};
pub use go::{GoRecord, GoReplayError};
pub use record::{GameInfo, Record, Setup};
pub use renju::{RenjuMoveError, RenjuRecord, RenjuReplayError};
pub use tree::{parse, GameTree, Node, Property};
pub use value::Value;
