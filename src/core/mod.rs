//! Game-independent building blocks: colours, points, bitboards, move-time budgets and a
//! reproducible random number generator.

mod bitboard;
mod clock;
mod color;
mod point;
mod rng;

pub use bitboard::Bitboard;
pub use clock::TimeControl;
pub use color::Color;
pub use point::Point;
pub use rng::SplitMix64;
