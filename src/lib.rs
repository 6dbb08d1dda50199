//! Tengen: one engine for Renju/Gomoku and Go.
//!
//! Layers, each depending only on those below it: [`protocol`] front ends, the rules
//! cores ([`renju`], [`go`]) and [`core`] building blocks.

pub mod bench;
pub mod cli;
pub mod core;
pub mod go;
pub mod protocol;
pub mod renju;
