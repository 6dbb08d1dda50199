//! `gtp-match`: plays a match between two GTP (Go) engines, judged by Tengen's rules core,
//! and reports the score, the Elo difference, how the games ended and whether the
//! engines' counts agreed with ours. See `tuning/README.md`.

use clap::Parser;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tengen::go::{BoardSize, Komi, Rules, PRESET_NAMES};
use tengen_tuning::cli::{engine_stderr, exit_status, parse_seconds, EngineArgs, GameLog, SgfDir};
use tengen_tuning::elo::Tally;
use tengen_tuning::engine::EngineSpec;
use tengen_tuning::gtp::{run_match, GtpMatchConfig, ScoreAgreement, TimeLimit};
use tengen_tuning::openings::parse_go_openings;
use tengen_tuning::sprt::{progress_tail, Sprt, SprtProgress};
use tengen_tuning::summary::{MatchSummary, Outcome, StartCheck};

/// Plays a match between two GTP engines, every move judged by Tengen's rules core.
#[derive(Parser, Debug)]
#[command(name = "gtp-match", version)]
struct Args {
    #[command(flatten)]
    engines: EngineArgs,
    /// Board side.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi.
    #[arg(long, default_value = "7.5")]
    komi: Komi,
    /// Rules: japanese, korean, chinese, tromp-taylor or op (sent with kata-set-rules or
    /// kgs-rules to engines that list them; the referee counts with them).
    #[arg(long, default_value = "chinese")]
    rules: String,
    /// Number of games; engine 1 has Black in the odd-numbered ones (default: 2, or two
    /// per opening with --openings). The most with --sprt.
    #[arg(long)]
    games: Option<usize>,
    /// A file of openings (one a line: `name: D4 pass C7`, `#` comments), each played
    /// twice in a row with colours swapped; checked by the rules core when read.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Stop as soon as a sequential probability ratio test decides:
    /// elo0=0,elo1=10,alpha=0.05,beta=0.05 (alpha and beta default to 0.05).
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Seconds per move (`time_settings 0 T 1`; 0 = no limit).
    #[arg(long, default_value_t = 5)]
    time_per_move: u32,
    /// Seconds per engine per game instead (`time_settings S 0 0`, and `time_left`
    /// before every genmove).
    #[arg(long, conflicts_with = "time_per_move", value_parser = clap::value_parser!(u32).range(1..))]
    time_per_game: Option<u32>,
    /// Seconds added to an engine's game time after each of its moves (decimals allowed;
    /// needs --time-per-game).
    #[arg(long, requires = "time_per_game", value_parser = parse_seconds)]
    increment: Option<Duration>,
    /// Grace added to the time limits before an engine loses on time.
    #[arg(long, default_value_t = 1000)]
    tolerance_ms: u64,
    /// Time for a reply to any other command (setup, play, final_score), in ms.
    #[arg(long, default_value_t = 10_000)]
    command_ms: u64,
    /// Moves (passes included) after which the board is counted as it stands
    /// (default: three times the points of the board).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// A third GTP engine that follows every game and is asked final_score.
    #[arg(long)]
    referee: Option<String>,
    /// Write one SGF file per game into this directory.
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// Write one line per game (colours, result, reason, times, counts, moves) to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Engines' standard error: `inherit`, `null` or a file to append to.
    #[arg(long, default_value = "inherit")]
    engine_stderr: String,
    /// Also print each game's notes (refused optional commands, referee failures).
    #[arg(long, short)]
    verbose: bool,
}

fn main() -> ExitCode {
    exit_status("gtp-match", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), String> {
    let size = BoardSize::new(args.size).map_err(|e| e.to_string())?;
    let preset = Rules::preset(&args.rules).ok_or_else(|| {
        format!(
            "unknown rules {:?} (expected one of {})",
            args.rules,
            PRESET_NAMES.join(", ")
        )
    })?;
    let [engine1, engine2] = args.engines.pair()?;
    let (name1, name2) = (engine1.name.clone(), engine2.name.clone());
    let referee = match &args.referee {
        None => None,
        Some(command) if args.engines.shell => Some(EngineSpec::shell("referee", command)),
        Some(command) => Some(
            EngineSpec::from_command_line("referee", command)
                .ok_or("empty command line for the referee")?,
        ),
    };
    let mut sgf = SgfDir::create(args.sgf_dir.as_deref())?;
    let rules = Rules {
        komi: args.komi,
        ..preset
    };
    let openings = match &args.openings {
        None => Vec::new(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            parse_go_openings(&text, size, rules).map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    let games = args.games.unwrap_or(2 * openings.len().max(1));
    let config = GtpMatchConfig {
        size,
        rules,
        time: match (args.time_per_game, args.time_per_move) {
            (Some(game), _) => TimeLimit::PerGame {
                main: Duration::from_secs(u64::from(game)),
                increment: args.increment.unwrap_or(Duration::ZERO),
            },
            (None, 0) => TimeLimit::Unlimited,
            (None, t) => TimeLimit::PerMove(Duration::from_secs(u64::from(t))),
        },
        openings,
        tolerance: Duration::from_millis(args.tolerance_ms),
        command_timeout: Duration::from_millis(args.command_ms),
        max_moves: args.max_moves.unwrap_or(3 * size.points()),
        referee,
        stderr: engine_stderr(&args.engine_stderr),
    };
    let mut log = GameLog::create(args.log.as_deref())?;

    eprintln!(
        "{name1} vs {name2}: {games} games{}, {}x{} {} komi {}, {}, concurrency {}{}{}",
        args.sprt
            .map_or(String::new(), |s| format!(" at most, SPRT {s}")),
        args.size,
        args.size,
        args.rules,
        args.komi,
        config.time,
        args.concurrency.max(1),
        if config.referee.is_some() {
            ", with referee"
        } else {
            ""
        },
        match config.openings.len() {
            0 => String::new(),
            n => format!(", {n} openings"),
        }
    );
    let mut done = 0;
    let mut tally = Tally::default();
    let mut sprt = args.sprt.map(SprtProgress::new);
    let (mut start_check, mut broken) = (StartCheck::default(), None);
    let records = run_match(
        &config,
        &engine1,
        &engine2,
        games,
        args.concurrency,
        |rec| {
            if let Err(e) = start_check.after(rec.category(), &rec.reason) {
                broken = Some(e);
                return ControlFlow::Break(());
            }
            done += 1;
            tally.add(rec.engine1_points());
            let (black, white) = rec.players(&name1, &name2);
            let scores = rec.count.as_ref().map_or(String::new(), |c| {
                let show = |s: &Option<String>| s.as_deref().unwrap_or("-").to_string();
                format!(
                    " (scores B {} W {} ref {}; dead {})",
                    show(&c.engine_scores[0]),
                    show(&c.engine_scores[1]),
                    show(&c.referee_score),
                    c.dead_from
                )
            });
            let flow = sprt
                .as_mut()
                .map_or(ControlFlow::Continue(()), |s| s.update(&tally));
            eprintln!(
                "game {done:>3}/{} #{:<3} {black} (B) vs {white} (W): {:<7} {}{scores} \
                 [{} moves, {:.1}s] {}",
                games,
                rec.index + 1,
                rec.result(),
                rec.reason,
                rec.moves.len(),
                rec.duration.as_secs_f64(),
                progress_tail(&name1, &tally, sprt.as_ref())
            );
            if args.verbose {
                for note in &rec.notes {
                    eprintln!("    {note}");
                }
            }
            log.line(&rec.log_line(size, &name1, &name2));
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
    print!("{}", ScoreAgreement::new(&records).report(&name1, &name2));
    log.finish()?;
    sgf.finish()
}
