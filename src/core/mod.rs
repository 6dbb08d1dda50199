//! Game-independent building blocks: colours, points, bitboards, hashing keys and a
//! reproducible random number generator.

mod bitboard;
mod color;
mod point;
mod rng;

pub use bitboard::Bitboard;
pub use color::Color;
pub use point::Point;
pub use rng::SplitMix64;
