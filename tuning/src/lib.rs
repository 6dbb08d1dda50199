//! Match runner and parameter tuner for Tengen.
//!
//! Empty until the matches-and-tuning issue lands: this crate is reserved in the
//! workspace so that its place in the layout is fixed from the start.
