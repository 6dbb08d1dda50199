//! Tengen's match runner and tuning tools.
//!
//! - [`gomocup`]: matches between two Gomocup-protocol engines (`pbrain-*`), each game
//!   judged by the exact rules of [`tengen::renju`];
//! - [`referee`]: the move judge;
//! - [`engine`]: engine processes with deadline-bounded line I/O;
//! - [`gtp`]: matches between two GTP (Go) engines, judged by [`tengen::go::Game`];
//! - [`openings`]: the 26 standard renju openings and openings files (renju and Go);
//! - [`suite`]: opening suites chosen by Tengen's own judgement (the `opening-suite`
//!   binary);
//! - [`elo`]: score, Elo difference and error bars;
//! - [`sprt`]: the sequential probability ratio test that stops a match early;
//! - [`clock`]: game clocks (time per game plus an increment per move);
//! - [`spsa`]: the SPSA parameter tuner (the `spsa` binary);
//! - [`texel`]: the renju evaluation fitted to game results (the `texel` binary);
//! - [`ordering`]: the renju move ordering fitted to the moves searches chose (the
//!   `order-fit` binary).
//!
//! The `gomocup-match` and `gtp-match` binaries run matches from the command line;
//! `baseline` is a simple greedy Gomocup engine to measure against.

pub mod cli;
pub mod clock;
pub mod elo;
pub mod engine;
pub mod gomocup;
pub mod gopat;
pub mod gtp;
pub mod openings;
pub mod ordering;
pub mod pool;
pub mod referee;
pub mod sprt;
pub mod spsa;
pub mod suite;
pub mod summary;
pub mod texel;
