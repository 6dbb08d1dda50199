//! The `tengen` command line.

use crate::bench::BenchGame;
use crate::core::{Setting, Tunable};
use crate::go::search::{MctsParams, SearchConfig};
use crate::go::{BadKomi, Komi, Rules, UnknownRules};
use crate::renju::search::EngineParams;
use crate::renju::{MAX_SIZE, MIN_SIZE};
use clap::{Parser, Subcommand};
use std::io;
use std::process::ExitCode;
use std::time::Duration;

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
        /// Stop every move search after about this many nodes (as `INFO max_node`, which
        /// overrides it): fixed-work matches for testing and tuning.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max_nodes: Option<u64>,
        /// Set an evaluation weight or search parameter, NAME=VALUE (repeatable):
        /// COLOUR_mover_TERM or COLOUR_opponent_TERM (COLOUR black or white) for the TERMs
        /// closed_two, open_two, closed_three, open_three, four, flex_four, four_three,
        /// double_three, four_two, three_two, double_two, forbidden; black_tempo,
        /// white_tempo; the move ordering's COLOUR_order_own_TERM, COLOUR_order_block_TERM,
        /// COLOUR_order_double, COLOUR_order_block_double; the search's pruning_depth, razor_depth,
        /// futility_margin, branch_slope, branch_offset, branch_cap, calm_slope,
        /// calm_offset, calm_cap, defence_base, defence_per_depth, max_defences, lmr_base,
        /// lmr_divisor, quiescence_fours, iir_depth, killer_bonus, history_divisor,
        /// aspiration_window (see protocol/gomocup.md).
        #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_renju_param)]
        params: Vec<(String, String)>,
        /// Search White's 4th move of the 26 renju openings instead of playing the book's.
        #[arg(long)]
        no_book: bool,
    },
    /// Play Go over GTP (version 2, with the Leela Zero and KataGo analysis commands).
    Gtp {
        /// Rule set: japanese, korean, chinese, tromp-taylor or op.
        #[arg(long, default_value = "japanese", value_parser = parse_rules)]
        rules: Rules,
        /// Komi (whole or half points); default: the rule set's.
        #[arg(long, allow_hyphen_values = true, value_parser = parse_komi)]
        komi: Option<Komi>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// Stop every move search after this many playouts.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        playouts: Option<u64>,
        /// Stop every move search after this many seconds (decimals allowed).
        #[arg(long, value_parser = parse_seconds)]
        time_per_move: Option<Duration>,
        /// Memory bound of the search tree in MiB.
        #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=65536))]
        max_tree_mb: u32,
        /// Resign when the best move wins less than this share of the time (0: never).
        #[arg(long, default_value_t = 0.05, value_parser = parse_share)]
        resign_below: f64,
        /// Think on the opponent's time: after each move played, search on until the
        /// next command, and start the next move from that tree. For games against
        /// people or engines on other machines; in a match on one machine it takes the
        /// opponent's processor time.
        #[arg(long)]
        ponder: bool,
        /// Seed of the search's random numbers (default: a fresh one each run, so that
        /// games against a deterministic opponent differ; give one to replay a search).
        #[arg(long)]
        seed: Option<u64>,
        /// Set a search parameter, NAME=VALUE (repeatable): prior_visits,
        /// rave_equivalence, exploration, pattern_prior, policy_weight, score_utility,
        /// score_scale.
        #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_setting::<MctsParams>)]
        params: Vec<Setting<MctsParams>>,
    },
    /// Search fixed positions with fixed limits; print nodes, speed and the signature.
    ///
    /// One line per position, then per game the total work, its speed and the one-thread
    /// signature (`GAME signature: N`), which changes only when search behaviour does.
    Bench {
        /// The game to measure (default: both).
        #[arg(value_enum)]
        game: Option<BenchGame>,
        /// Also run the work on this many threads and print the speed-up over one.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Renju and Gomoku rules tools.
    #[command(subcommand)]
    Renju(RenjuCommand),
    /// Go rules tools.
    #[command(subcommand)]
    Go(GoCommand),
}

#[derive(Subcommand, Debug)]
pub enum GoCommand {
    /// Count a final position read on stdin and print the result.
    ///
    /// The position is a board diagram, one row a line from the top: . empty, X or #
    /// Black, O White (spaces, | and frame lines of - ignored); or an SGF record (GM[1]),
    /// replayed to its last move, whose captures and KM are the defaults for --prisoners
    /// and --komi. The first line printed
    /// is the result (B+x, W+x, draw, no result), then each side's points as the rules
    /// count them, then the komi. Unreadable input: "error: WHY" and exit code 1.
    Score {
        /// Rule set: japanese, korean, chinese, tromp-taylor or op.
        #[arg(long, default_value = "japanese", value_parser = parse_rules)]
        rules: Rules,
        /// Komi (whole or half points); default: the SGF's KM, else the rule set's.
        #[arg(long, allow_hyphen_values = true, value_parser = parse_komi)]
        komi: Option<Komi>,
        /// Dead stones as GTP vertices separated by commas or spaces; each names its
        /// whole chain.
        #[arg(long, default_value = "")]
        dead: String,
        /// Stones captured during play, as BLACK,WHITE; default: the SGF record's
        /// captures, 0,0 for a diagram.
        #[arg(long, value_parser = parse_prisoners)]
        prisoners: Option<[u32; 2]>,
    },
}

/// A seed that differs from run to run: the clock's nanoseconds and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// A `NAME=VALUE` option naming a renju weight or search parameter, with a value in its
/// range.
fn parse_renju_param(s: &str) -> Result<(String, String), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| crate::core::ParamError::NotAnAssignment(s.to_string()).to_string())?;
    EngineParams::default()
        .set_text(name.trim(), value)
        .map_err(|e| e.to_string())?;
    Ok((name.trim().to_string(), value.to_string()))
}

/// A `NAME=VALUE` option naming one of `T`'s parameters, with a value in its range.
fn parse_setting<T: Tunable>(s: &str) -> Result<Setting<T>, String> {
    s.parse()
        .map_err(|e: crate::core::ParamError| e.to_string())
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse().map_err(|e: UnknownRules| e.to_string())
}

fn parse_komi(s: &str) -> Result<Komi, String> {
    s.parse().map_err(|e: BadKomi| e.to_string())
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    s.parse::<f64>()
        .ok()
        .filter(|&secs| secs > 0.0)
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .ok_or_else(|| format!("{s:?} is not a positive number of seconds"))
}

fn parse_share(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|x| (0.0..=1.0).contains(x))
        .ok_or_else(|| format!("{s:?} is not a share between 0 and 1"))
}

fn parse_prisoners(s: &str) -> Result<[u32; 2], String> {
    let bad = || format!("{s:?} is not BLACK,WHITE (two counts, e.g. 3,0)");
    let (b, w) = s.split_once(',').ok_or_else(bad)?;
    Ok([
        b.trim().parse().map_err(|_| bad())?,
        w.trim().parse().map_err(|_| bad())?,
    ])
}

#[derive(Subcommand, Debug)]
pub enum RenjuCommand {
    /// Print Black's forbidden points for each position read on stdin.
    ///
    /// One position a line: a move list in renju notation ("h8 h9 j10" or "h8h9j10", Black
    /// first) or a board string of size*size cells, rows from the top, x Black, o White,
    /// . empty. One answer a line: "POINT=KIND" (KIND 6, 44 or 33) separated by spaces, "-" for none,
    /// "error: WHY" for an unreadable line.
    Forbid {
        /// Board side.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u8,
    },
}

impl Cli {
    /// What a Gomocup manager gets when it starts `pbrain-*`: the Gomocup protocol, with
    /// the default options when (as managers do) it gives no arguments, else with the
    /// `tengen gomocup` options it gives (`pbrain-tengen --threads 4`).
    pub fn pbrain() -> Cli {
        let options = std::env::args_os().skip(1);
        Cli::parse_from(
            ["tengen".into(), "gomocup".into()]
                .into_iter()
                .chain(options),
        )
    }
}

/// Runs the parsed command line; the exit code the process should return.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Go(GoCommand::Score {
            rules,
            komi,
            dead,
            prisoners,
        }) => {
            let options = crate::protocol::score::Options {
                rules,
                komi,
                dead: dead
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect(),
                prisoners,
            };
            crate::protocol::score::run(io::stdin().lock(), io::stdout().lock(), options)
        }
        Command::Gtp {
            rules,
            komi,
            threads,
            playouts,
            time_per_move,
            max_tree_mb,
            resign_below,
            ponder,
            seed,
            params,
        } => {
            let options = crate::protocol::gtp::Options {
                rules,
                komi,
                search: SearchConfig {
                    threads: threads as usize,
                    max_tree_mb: max_tree_mb as usize,
                    resign_below,
                    seed: seed.unwrap_or_else(fresh_seed),
                    mcts: Setting::apply_all(MctsParams::DEFAULT, &params),
                },
                playouts,
                time_per_move,
                ponder,
            };
            crate::protocol::gtp::run(io::BufReader::new(io::stdin()), io::stdout(), options)
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Gomocup {
            threads,
            hash_mb,
            max_nodes,
            params,
            no_book,
        } => crate::protocol::gomocup::run(
            io::BufReader::new(io::stdin()),
            io::stdout(),
            crate::protocol::gomocup::Options {
                threads: threads as usize,
                hash_mb: hash_mb as usize,
                max_nodes,
                params: {
                    let mut p = EngineParams::default();
                    for (name, value) in &params {
                        // Checked when parsed: the name exists and the value is in range.
                        let _ = p.set_text(name, value);
                    }
                    p
                },
                book: !no_book,
            },
        )
        .map(|()| ExitCode::SUCCESS),
        Command::Bench { game, threads } => {
            let games = game.map_or(BenchGame::ALL.to_vec(), |g| vec![g]);
            crate::bench::run(&mut io::stdout().lock(), &games, threads as usize)
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Renju(RenjuCommand::Forbid { size }) => {
            crate::protocol::forbid::run(io::stdin().lock(), io::stdout().lock(), size as usize)
                .map(|()| ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
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
