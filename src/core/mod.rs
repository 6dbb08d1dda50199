//! Game-independent building blocks: colours, points, bitboards, move-time budgets, a
//! reproducible random number generator and the bad-board-size error.

mod bitboard;
mod clock;
mod color;
mod point;
mod rng;
mod size;

pub use bitboard::Bitboard;
pub use clock::TimeControl;
pub use color::Color;
pub use point::Point;
pub use rng::SplitMix64;
pub use size::BadSize;
