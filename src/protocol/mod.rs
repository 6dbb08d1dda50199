//! Text front ends: each reads commands, answers on its output, and holds no game logic.

pub mod forbid;
pub mod gomocup;
pub mod gtp;
pub mod opening;
pub mod score;
pub mod sgf;
