//! Life and death: which stones are alive, dead or in seki.
//!
//! Benson's algorithm proves the chains that live unconditionally.
//!
//! ```
//! use tengen::go::{pass_alive, BoardSize, Position};
//! use tengen::core::Color;
//! let pos = Position::new(BoardSize::new(9).unwrap());
//! assert!(pass_alive(&pos, Color::Black).stones.is_empty());
//! ```

mod benson;

pub use benson::{pass_alive, PassAlive};
