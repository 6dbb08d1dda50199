use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::init_logging();
    tengen::cli::run(tengen::cli::Cli::parse())
}
