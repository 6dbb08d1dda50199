use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    tengen::cli::init_logging();
    // Gomocup managers start engines named `pbrain-*` with no arguments.
    let pbrain = std::env::args_os()
        .next()
        .and_then(|a| {
            std::path::Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().starts_with("pbrain-"))
        })
        .unwrap_or(false);
    let cli = if pbrain {
        tengen::cli::Cli::pbrain()
    } else {
        tengen::cli::Cli::parse()
    };
    tengen::cli::run(cli)
}
