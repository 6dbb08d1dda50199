//! Game-independent building blocks: colours, points, bitboards, move-time budgets, a
//! reproducible random number generator, the bad-board-size error and named engine
//! parameters.

mod bitboard;
mod clock;
mod color;
mod params;
mod point;
mod rng;
mod size;

pub use bitboard::Bitboard;
pub use clock::TimeControl;
pub use color::Color;
pub use params::{Param, ParamError, Setting, Tunable};
pub use point::Point;
pub use rng::SplitMix64;
pub use size::BadSize;
