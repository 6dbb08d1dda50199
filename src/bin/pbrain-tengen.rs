//! The name Gomocup managers start (`pbrain-*`): the Gomocup protocol with default options,
//! the same as `tengen gomocup`.

use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::init_logging();
    tengen::cli::run(tengen::cli::Cli::pbrain())
}
