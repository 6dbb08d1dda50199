//! The `tengen` command line.

use crate::renju::{MAX_SIZE, MIN_SIZE};
use clap::{Parser, Subcommand};
use std::io;
use std::process::ExitCode;

/// Tengen: Renju/Gomoku and Go engine.
#[derive(Parser, Debug)]
#[command(name = "tengen", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play Gomoku/Renju over the Gomocup (pbrain) protocol on stdin/stdout.
    Gomocup {
        /// Search threads (Lazy SMP); a manager's `INFO thread_num` overrides it.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// Transposition table size in MiB (capped by the manager's `INFO max_memory`).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash_mb: u32,
    },
    /// Renju and Gomoku rules tools.
    #[command(subcommand)]
    Renju(RenjuCommand),
}

#[derive(Subcommand, Debug)]
pub enum RenjuCommand {
    /// Print Black's forbidden points for each position read on stdin.
    ///
    /// One position a line: a move list in renju notation ("h8 h9 j10" or "h8h9j10", Black
    /// first) or a board string of size*size cells, rows from the top, x Black, o White,
    /// . empty. One answer a line: "<point>=<6|44|33>" separated by spaces, "-" for none,
    /// "error: <why>" for an unreadable line.
    Forbid {
        /// Board side.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u8,
    },
}

impl Cli {
    /// What a Gomocup manager gets when it starts `pbrain-*` with no arguments: the
    /// Gomocup protocol with the default options.
    pub fn pbrain() -> Cli {
        Cli::parse_from(["tengen", "gomocup"])
    }
}

/// Runs the parsed command line; the exit code the process should return.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Gomocup { threads, hash_mb } => crate::protocol::gomocup::run(
            io::BufReader::new(io::stdin()),
            io::stdout(),
            crate::protocol::gomocup::Options {
                threads: threads as usize,
                hash_mb: hash_mb as usize,
            },
        ),
        Command::Renju(RenjuCommand::Forbid { size }) => {
            crate::protocol::forbid::run(io::stdin().lock(), io::stdout().lock(), size as usize)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (the reader went away) is not worth a complaint.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Sets up logging to stderr (`RUST_LOG`, default `warn`).
pub fn init_logging() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
}
