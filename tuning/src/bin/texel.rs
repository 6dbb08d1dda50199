//! `texel`: fits the renju evaluation weights to the results of logged games. See
//! `tuning/README.md`.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen::core::Color;
use tengen::renju::search::{Term, Weights, TERMS};
use tengen::renju::Rule;
use tengen_tuning::texel::{best_scale, fit, game_samples, loss, parse_log, Sample};

/// Fits Tengen's renju evaluation weights to game results (Texel's method).
#[derive(Parser, Debug)]
#[command(name = "texel", version)]
struct Args {
    /// `gomocup-match --log` files of the games to learn from.
    #[arg(required = true)]
    logs: Vec<PathBuf>,
    /// freestyle, standard or renju: the rule the games were played under.
    #[arg(long, default_value = "renju")]
    rule: Rule,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Leave out the positions before this many moves (the opening's).
    #[arg(long, default_value_t = 6)]
    skip: usize,
    /// Steps of gradient descent.
    #[arg(long, default_value_t = 1500)]
    iterations: usize,
    /// Step size of the descent, in score points.
    #[arg(long, default_value_t = 0.5)]
    rate: f64,
    /// Every n-th game is held out to check the fit (0: none).
    #[arg(long, default_value_t = 10)]
    hold_out: usize,
}

fn run(args: &Args) -> Result<(), String> {
    let (mut train, mut test) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    let mut games = 0;
    for path in &args.logs {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (moves, result) in parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))? {
            let samples = game_samples(&moves, result, args.size, args.rule, args.skip)
                .map_err(|e| format!("{}: game {}: {e}", path.display(), games + 1))?;
            games += 1;
            if args.hold_out > 0 && games % args.hold_out == 0 {
                test.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    eprintln!(
        "{games} games: {} training positions, {} held out",
        train.len(),
        test.len()
    );
    let start = Weights::DEFAULT;
    let k = best_scale(&start, &train);
    let tuned = fit(&start, k, &train, args.iterations, args.rate);
    println!("# k = {k:.1}");
    for (name, set) in [("training", &train), ("held out", &test)] {
        println!(
            "# {name}: loss {:.5} -> {:.5}",
            loss(&start, k, set),
            loss(&tuned, k, set)
        );
    }
    for color in Color::BOTH {
        let (side, was) = (tuned.side(color), start.side(color));
        println!("# {color:?}");
        println!(
            "{:<14} {:>6} {:>6} {:>8} {:>8}",
            "term", "mover", "was", "opponent", "was"
        );
        for (t, term) in Term::ALL.iter().enumerate().take(TERMS) {
            println!(
                "{:<14} {:>6} {:>6} {:>8} {:>8}",
                term.name(),
                side.mover[t],
                was.mover[t],
                side.opponent[t],
                was.opponent[t]
            );
        }
        println!("tempo {} (was {})", side.tempo, was.tempo);
        println!("mover: {:?}", side.mover);
        println!("opponent: {:?}", side.opponent);
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
