//! `gomocup-match`: plays a match between two Gomocup engines and reports the score,
//! the Elo difference and how the games ended. See `tuning/README.md`.

use clap::Parser;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tengen::renju::{Board, Rule};
use tengen_tuning::elo::Tally;
use tengen_tuning::engine::{EngineSpec, EngineStderr};
use tengen_tuning::gomocup::{run_match, schedule, MatchConfig, MatchSummary};
use tengen_tuning::openings::{empty_opening, parse_openings, standard_openings};

/// Plays a match between two Gomocup-protocol engines, judged by Tengen's exact rules.
#[derive(Parser, Debug)]
#[command(name = "gomocup-match", version)]
struct Args {
    /// Engine 1's command line (split on white space; see --shell).
    #[arg(long)]
    engine1: String,
    /// Engine 2's command line.
    #[arg(long)]
    engine2: String,
    /// Engine 1's name in reports (default: its program's file name, or `engine1` with
    /// --shell).
    #[arg(long)]
    name1: Option<String>,
    /// Engine 2's name in reports.
    #[arg(long)]
    name2: Option<String>,
    /// Run the engine command lines with `sh -c` (quoting, variables, redirections).
    #[arg(long)]
    shell: bool,
    /// freestyle, standard (exactly five) or renju.
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Number of games (default: every opening twice, colours swapped).
    #[arg(long)]
    games: Option<usize>,
    /// Time per move in milliseconds (INFO timeout_turn; 0 = no per-move limit enforced).
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// Thinking time per engine per game in milliseconds (0 = unlimited).
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Grace added to the time limits before an engine loses on time.
    #[arg(long, default_value_t = 1000)]
    tolerance_ms: u64,
    /// Time for an engine to answer START, in milliseconds (plus the tolerance).
    #[arg(long, default_value_t = 5000)]
    start_ms: u64,
    /// INFO max_memory in bytes (0 = no limit; not enforced).
    #[arg(long, default_value_t = 0)]
    max_memory: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// `standard` (the 26 renju openings), `empty` (no opening stones) or a file.
    #[arg(long, default_value = "standard")]
    openings: String,
    /// Write one line per game (opening, colours, result, reason, moves) to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Engines' standard error: `inherit`, `null` or a file to append to.
    #[arg(long, default_value = "inherit")]
    engine_stderr: String,
    /// Also print the engines' MESSAGE/DEBUG/ERROR/UNKNOWN lines.
    #[arg(long, short)]
    verbose: bool,
}

/// The file name of a command line's program, for a default engine name (`fallback`
/// for shell command lines, whose first word need not be the engine).
fn default_name(command: &str, shell: bool, fallback: &str) -> String {
    if shell {
        return fallback.to_string();
    }
    command
        .split_whitespace()
        .next()
        .and_then(|prog| prog.rsplit('/').next())
        .filter(|s| !s.is_empty())
        .unwrap_or(fallback)
        .to_string()
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gomocup-match: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    Board::new(args.size, args.rule).map_err(|e| e.to_string())?;
    let mut name1 = args
        .name1
        .clone()
        .unwrap_or_else(|| default_name(&args.engine1, args.shell, "engine1"));
    let mut name2 = args
        .name2
        .clone()
        .unwrap_or_else(|| default_name(&args.engine2, args.shell, "engine2"));
    if name1 == name2 {
        name1.push_str("#1");
        name2.push_str("#2");
    }
    let spec = |name: &str, command: &str| {
        if args.shell {
            Ok(EngineSpec::shell(name, command))
        } else {
            EngineSpec::from_command_line(name, command)
                .ok_or_else(|| format!("empty command line for {name}"))
        }
    };
    let engine1 = spec(&name1, &args.engine1)?;
    let engine2 = spec(&name2, &args.engine2)?;

    let openings = match args.openings.as_str() {
        "standard" => standard_openings(args.size),
        "empty" => vec![empty_opening()],
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_openings(&text, args.size, args.rule).map_err(|e| format!("{path}: {e}"))?
        }
    };
    let games = schedule(&openings, args.games.unwrap_or(2 * openings.len()));
    let stderr = match args.engine_stderr.as_str() {
        "inherit" => EngineStderr::Inherit,
        "null" => EngineStderr::Null,
        path => EngineStderr::File(PathBuf::from(path)),
    };
    let config = MatchConfig {
        size: args.size,
        rule: args.rule,
        turn_ms: args.turn_ms,
        match_ms: args.match_ms,
        tolerance_ms: args.tolerance_ms,
        start_ms: args.start_ms,
        max_memory: args.max_memory,
        stderr,
    };
    let mut log = match &args.log {
        Some(path) => Some(BufWriter::new(
            File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )),
        None => None,
    };

    eprintln!(
        "{name1} vs {name2}: {} games, {} {}x{}, {} ms/move{}, concurrency {}",
        games.len(),
        args.rule,
        args.size,
        args.size,
        args.turn_ms,
        if args.match_ms > 0 {
            format!(", {} ms/game", args.match_ms)
        } else {
            String::new()
        },
        args.concurrency.max(1)
    );
    let total = games.len();
    let mut done = 0;
    let mut tally = Tally::default();
    let mut log_error: Option<String> = None;
    let records = run_match(
        &config,
        &engine1,
        &engine2,
        &games,
        args.concurrency,
        |rec| {
            done += 1;
            tally.add(rec.engine1_points());
            let (black, white) = if rec.engine1_color == tengen::core::Color::Black {
                (&name1, &name2)
            } else {
                (&name2, &name1)
            };
            eprintln!(
                "game {:>3}/{total} #{:<3} {:<4} {black} (B) vs {white} (W): {:<7} {} [{} plies, {:.1}s] \
                 | {name1} +{} ={} -{} ({:.1}%)",
                done,
                rec.index + 1,
                rec.opening,
                rec.result(),
                rec.reason,
                rec.moves.len(),
                rec.duration.as_secs_f64(),
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score()
            );
            if args.verbose {
                for m in &rec.messages {
                    eprintln!("    {m}");
                }
            }
            if let Some(log) = log.as_mut() {
                let written =
                    writeln!(log, "{}", rec.log_line(&name1, &name2)).and_then(|()| log.flush());
                if let Err(e) = written {
                    log_error.get_or_insert_with(|| format!("writing the log: {e}"));
                }
            }
        },
    );
    let summary = MatchSummary::new(&records);
    print!("{}", summary.report(&name1, &name2));
    match log_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
