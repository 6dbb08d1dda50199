//! `gomocup-match`: plays a match between two Gomocup engines and reports the score,
//! the Elo difference and how the games ended. See `tuning/README.md`.

use clap::Parser;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen::renju::{Board, Rule};
use tengen_tuning::cli::{engine_stderr, exit_status, EngineArgs, GameLog, SgfDir};
use tengen_tuning::elo::Tally;
use tengen_tuning::gomocup::{run_match, schedule, MatchConfig};
use tengen_tuning::openings::{empty_opening, parse_openings, standard_openings};
use tengen_tuning::sprt::{progress_tail, Sprt, SprtProgress};
use tengen_tuning::summary::{MatchSummary, Outcome, StartCheck};

/// Plays a match between two Gomocup-protocol engines, judged by Tengen's exact rules.
#[derive(Parser, Debug)]
#[command(name = "gomocup-match", version)]
struct Args {
    #[command(flatten)]
    engines: EngineArgs,
    /// freestyle, standard (exactly five) or renju.
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Number of games (default: every opening twice, colours swapped); the most with
    /// --sprt.
    #[arg(long)]
    games: Option<usize>,
    /// Stop as soon as a sequential probability ratio test decides:
    /// elo0=0,elo1=10,alpha=0.05,beta=0.05 (alpha and beta default to 0.05).
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Time per move in milliseconds (INFO timeout_turn; 0 = no per-move limit enforced).
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// Thinking time per engine per game in milliseconds (0 = unlimited).
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Added to an engine's match time after each of its moves, in milliseconds (needs
    /// --match-ms).
    #[arg(long, default_value_t = 0)]
    increment_ms: u64,
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
    /// Write one SGF file per game (game-001.sgf, ...) into this directory.
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// Engines' standard error: `inherit`, `null` or a file to append to.
    #[arg(long, default_value = "inherit")]
    engine_stderr: String,
    /// Also print the engines' MESSAGE/DEBUG/ERROR/UNKNOWN lines.
    #[arg(long, short)]
    verbose: bool,
}

fn main() -> ExitCode {
    exit_status("gomocup-match", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), String> {
    Board::new(args.size, args.rule).map_err(|e| e.to_string())?;
    if args.increment_ms > 0 && args.match_ms == 0 {
        return Err("--increment-ms needs a time per game (--match-ms)".to_string());
    }
    let [engine1, engine2] = args.engines.pair()?;
    let (name1, name2) = (engine1.name.clone(), engine2.name.clone());

    let openings = match args.openings.as_str() {
        "standard" => standard_openings(args.size),
        "empty" => vec![empty_opening()],
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_openings(&text, args.size, args.rule).map_err(|e| format!("{path}: {e}"))?
        }
    };
    let games = schedule(&openings, args.games.unwrap_or(2 * openings.len()));
    let stderr = engine_stderr(&args.engine_stderr);
    let config = MatchConfig {
        size: args.size,
        rule: args.rule,
        turn_ms: args.turn_ms,
        match_ms: args.match_ms,
        increment_ms: args.increment_ms,
        tolerance_ms: args.tolerance_ms,
        start_ms: args.start_ms,
        max_memory: args.max_memory,
        stderr,
    };
    let mut log = GameLog::create(args.log.as_deref())?;
    let mut sgf = SgfDir::create(args.sgf_dir.as_deref())?;

    eprintln!(
        "{name1} vs {name2}: {} games{}, {} {}x{}, {} ms/move{}, concurrency {}",
        games.len(),
        args.sprt
            .map_or(String::new(), |s| format!(" at most, SPRT {s}")),
        args.rule,
        args.size,
        args.size,
        args.turn_ms,
        match (args.match_ms, args.increment_ms) {
            (0, _) => String::new(),
            (game, 0) => format!(", {game} ms/game"),
            (game, increment) => format!(", {game} ms/game + {increment} ms/move"),
        },
        args.concurrency.max(1)
    );
    let total = games.len();
    let mut done = 0;
    let mut tally = Tally::default();
    let mut sprt = args.sprt.map(SprtProgress::new);
    let (mut start_check, mut broken) = (StartCheck::default(), None);
    let records = run_match(
        &config,
        &engine1,
        &engine2,
        &games,
        args.concurrency,
        |rec| {
            if let Err(e) = start_check.after(rec.category(), &rec.reason) {
                broken = Some(e);
                return ControlFlow::Break(());
            }
            done += 1;
            tally.add(rec.engine1_points());
            let (black, white) = rec.players(&name1, &name2);
            let flow = sprt
                .as_mut()
                .map_or(ControlFlow::Continue(()), |s| s.update(&tally));
            eprintln!(
                "game {:>3}/{total} #{:<3} {:<4} {black} (B) vs {white} (W): {:<7} {} [{} plies, {:.1}s] {}",
                done,
                rec.index + 1,
                rec.opening,
                rec.result(),
                rec.reason,
                rec.moves.len(),
                rec.duration.as_secs_f64(),
                progress_tail(&name1, &tally, sprt.as_ref())
            );
            if args.verbose {
                for m in &rec.messages {
                    eprintln!("    {m}");
                }
            }
            log.line(&rec.log_line(&name1, &name2));
            if sgf.is_on() {
                sgf.write(rec.index, &rec.to_sgf(&config, black, white));
            }
            flow
        },
    );
    if let Some(why) = broken {
        return Err(why);
    }
    let summary = MatchSummary::new(&records);
    print!("{}", summary.report(&name1, &name2));
    if let Some(sprt) = &sprt {
        print!("{}", sprt.report(&summary.tally));
    }
    log.finish()?;
    sgf.finish()
}
