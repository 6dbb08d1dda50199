//! `spsa`: tunes engine parameters by SPSA, playing mini-matches between the engine with
//! `θ+` and with `θ-` (`--param NAME=VALUE` options) through the match runners. See
//! `tuning/README.md`.

use clap::{Args as ClapArgs, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tengen::go::{BoardSize, Komi, Rules};
use tengen::renju::{Board, Rule};
use tengen_tuning::cli::{engine_stderr, exit_status, parse_seconds};
use tengen_tuning::gomocup::MatchConfig;
use tengen_tuning::gtp::{GtpMatchConfig, TimeLimit};
use tengen_tuning::openings::{parse_go_openings, parse_openings, standard_openings};
use tengen_tuning::spsa::curve::{last_row, Curve};
use tengen_tuning::spsa::minimatch::{BaseEngine, MiniMatch, Runner};
use tengen_tuning::spsa::{parse_config, write_config, Tuner};

/// Tunes an engine's parameters by SPSA mini-matches (θ+ against θ-).
#[derive(Parser, Debug)]
#[command(name = "spsa", version)]
struct Args {
    #[command(subcommand)]
    protocol: Protocol,
}

#[derive(Subcommand, Debug)]
enum Protocol {
    /// Gomocup (renju, gomoku) engines, judged by tengen's renju rules.
    Gomocup {
        #[command(flatten)]
        common: Common,
        /// freestyle, standard (exactly five) or renju.
        #[arg(long, default_value = "renju")]
        rule: Rule,
        /// Board side.
        #[arg(long, default_value_t = 15)]
        size: usize,
        /// `standard` (the 26 renju openings) or a file; each iteration takes the next.
        #[arg(long, default_value = "standard")]
        openings: String,
        /// Time per move in milliseconds (INFO timeout_turn; 0 = no limit).
        #[arg(long, default_value_t = 1000)]
        turn_ms: u64,
    },
    /// GTP (Go) engines, judged by tengen's Go rules.
    Gtp {
        #[command(flatten)]
        common: Common,
        /// Board side.
        #[arg(long, default_value_t = 9)]
        size: usize,
        /// Komi.
        #[arg(long, default_value = "7.5", allow_hyphen_values = true)]
        komi: Komi,
        /// japanese, korean, chinese, tromp-taylor or op.
        #[arg(long, default_value = "chinese")]
        rules: String,
        /// A Go openings file; each iteration takes the next (default: the empty board).
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Seconds per move (decimals allowed; 0 = no limit): use the engine's own
        /// fixed limits (`--playouts`) for fixed-work games.
        #[arg(long, default_value = "5", value_parser = parse_seconds)]
        time_per_move: Duration,
    },
}

/// What both protocols share.
#[derive(ClapArgs, Debug)]
struct Common {
    /// The parameter file: one line per parameter, `name int|float start min max c_end r_end`.
    #[arg(long)]
    config: PathBuf,
    /// The engine's command line; `--param NAME=VALUE` is appended for every parameter.
    #[arg(long)]
    engine: String,
    /// Run the command line with `sh -c`.
    #[arg(long)]
    shell: bool,
    /// SPSA iterations (the schedules end at c_end and r_end after them).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    iterations: u64,
    /// Games per iteration (each opening twice, colours swapped).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Seed of the perturbations' signs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the tuned values go (the config's format), rewritten after every iteration.
    #[arg(long, default_value = "spsa-tuned.txt")]
    values: PathBuf,
    /// The curve: a CSV row per iteration (the values after it, the mini-match result).
    #[arg(long, default_value = "spsa-curve.csv")]
    curve: PathBuf,
    /// Continue the run recorded in --curve from its last row (same config and seed; a
    /// larger --iterations extends it, with the schedules of the new length).
    #[arg(long)]
    resume: bool,
    /// Grace before a late move loses, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    tolerance_ms: u64,
    /// Engines' standard error: `inherit`, `null` or a file to append to.
    #[arg(long, default_value = "null")]
    engine_stderr: String,
}

fn main() -> ExitCode {
    exit_status("spsa", run(Args::parse()))
}

/// The runner and the shared options of the command line.
fn runner(protocol: Protocol) -> Result<(Runner, Common), String> {
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    Ok(match protocol {
        Protocol::Gomocup {
            common,
            rule,
            size,
            openings,
            turn_ms,
        } => {
            Board::new(size, rule).map_err(|e| e.to_string())?;
            let openings = match openings.as_str() {
                "standard" => standard_openings(size),
                path => {
                    parse_openings(&read(path)?, size, rule).map_err(|e| format!("{path}: {e}"))?
                }
            };
            let config = MatchConfig {
                size,
                rule,
                turn_ms,
                tolerance_ms: common.tolerance_ms,
                stderr: engine_stderr(&common.engine_stderr),
                ..MatchConfig::default()
            };
            (Runner::Gomocup { config, openings }, common)
        }
        Protocol::Gtp {
            common,
            size,
            komi,
            rules,
            openings,
            time_per_move,
        } => {
            let size = BoardSize::new(size).map_err(|e| e.to_string())?;
            let rules = Rules {
                komi,
                ..rules.parse::<Rules>().map_err(|e| e.to_string())?
            };
            let openings = match openings {
                None => Vec::new(),
                Some(path) => {
                    let path = path.display().to_string();
                    parse_go_openings(&read(&path)?, size, rules)
                        .map_err(|e| format!("{path}: {e}"))?
                }
            };
            let time = if time_per_move.is_zero() {
                TimeLimit::Unlimited
            } else {
                TimeLimit::PerMove(time_per_move)
            };
            let config = GtpMatchConfig {
                size,
                rules,
                time,
                tolerance: Duration::from_millis(common.tolerance_ms),
                command_timeout: Duration::from_secs(10),
                max_moves: 3 * size.points(),
                referee: None,
                stderr: engine_stderr(&common.engine_stderr),
                openings,
            };
            (Runner::Gtp(config), common)
        }
    })
}

fn run(args: Args) -> Result<(), String> {
    let (runner, common) = runner(args.protocol)?;
    let config_name = common.config.display().to_string();
    let params = parse_config(
        &std::fs::read_to_string(&common.config).map_err(|e| format!("{config_name}: {e}"))?,
    )
    .map_err(|e| format!("{config_name}: {e}"))?;
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    let minimatch = MiniMatch {
        runner,
        engine: BaseEngine {
            command: common.engine.clone(),
            shell: common.shell,
        },
        games: common.games as usize,
        concurrency: common.concurrency.max(1),
    };
    let mut tuner = Tuner::new(params.clone(), common.iterations as usize, common.seed);
    let mut curve = if common.resume {
        let text = std::fs::read_to_string(&common.curve)
            .map_err(|e| format!("{}: {e}", common.curve.display()))?;
        let (done, theta) = last_row(&text, &names)?;
        tuner = tuner.resume(done, &theta)?;
        Curve::append(&common.curve)?
    } else {
        Curve::create(&common.curve, &names, tuner.theta())?
    };
    eprintln!(
        "spsa: {} parameters, iterations {}..={}, {} games each, seed {}",
        params.len(),
        tuner.done() + 1,
        common.iterations,
        common.games,
        common.seed
    );
    let started = Instant::now();
    while !tuner.finished() {
        let iteration_started = Instant::now();
        let mut games = Vec::new();
        let result = tuner.iterate(|p| {
            let r = minimatch.play(&params, p)?;
            games = r.games;
            Ok::<f64, String>(r.difference)
        })?;
        let k = tuner.done();
        curve.row(k, tuner.theta(), Some(result))?;
        let header = [
            format!(
                "spsa: {k} of {} iterations, {} games each, seed {}, from {config_name}",
                common.iterations, common.games, common.seed
            ),
            format!("engine: {}", common.engine),
        ];
        std::fs::write(
            &common.values,
            write_config(&params, tuner.theta(), &header),
        )
        .map_err(|e| format!("{}: {e}", common.values.display()))?;
        let values: Vec<String> = params
            .iter()
            .zip(tuner.theta())
            .map(|(p, &v)| format!("{}={v:.2}", p.name))
            .collect();
        eprintln!(
            "iteration {k}/{}: θ+ scored {:?}, result {result:+} [{:.1}s] {}",
            common.iterations,
            games,
            iteration_started.elapsed().as_secs_f64(),
            values.join(" ")
        );
    }
    eprintln!(
        "spsa: done in {:.1}s; values in {}, curve in {}",
        started.elapsed().as_secs_f64(),
        common.values.display(),
        common.curve.display()
    );
    print!(
        "{}",
        write_config(
            &params,
            tuner.theta(),
            &[format!("tuned by spsa ({} iterations)", common.iterations)]
        )
    );
    Ok(())
}
