//! The name Gomocup managers start (`pbrain-*`): the Gomocup protocol, the same as
//! `tengen gomocup` (with its options, when any are given).

use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::init_logging();
    tengen::cli::run(tengen::cli::Cli::pbrain())
}
