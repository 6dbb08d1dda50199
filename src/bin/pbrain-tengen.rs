//! The name Gomocup managers start (`pbrain-*`). The Gomocup protocol front end is not
//! built yet (it is the next renju issue); until then this says so on stderr and fails.

use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::init_logging();
    eprintln!("pbrain-tengen: the Gomocup protocol is not implemented in this build yet");
    ExitCode::from(2)
}
