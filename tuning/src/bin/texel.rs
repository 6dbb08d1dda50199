//! `texel`: fits the renju evaluation weights to the results of logged games, or to
//! positions labelled with another engine's judgement. See `tuning/README.md`.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tengen::core::Color;
use tengen::renju::search::Weights;
use tengen::renju::Rule;
use tengen_tuning::texel::{
    best_scale, fit, game_samples, loss, parse_targets, position_sample, split_logs, term_table,
    FitOptions,
};

/// Fits Tengen's renju evaluation weights to game results (Texel's method) or to labelled
/// positions.
#[derive(Parser, Debug)]
#[command(name = "texel", version)]
struct Args {
    /// `gomocup-match --log` files of the games to learn from.
    #[arg(required_unless_present = "targets")]
    logs: Vec<PathBuf>,
    /// Files of labelled positions (`game=N target=P moves=...` lines: P the win
    /// probability of the side to move), learnt from instead of or besides the logs.
    #[arg(long, num_args = 1..)]
    targets: Vec<PathBuf>,
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
    /// A weight whose term appears in fewer training positions than this is not fitted.
    #[arg(long, default_value_t = 100)]
    min_support: usize,
    /// Every n-th game (of the logs; of the targets, by their `game=`) is held out to
    /// check the fit (0: none).
    #[arg(long, default_value_t = 10)]
    hold_out: usize,
}

fn run(args: &Args) -> Result<(), String> {
    let (mut train, mut test, games) = split_logs(&args.logs, args.hold_out, |moves, result| {
        game_samples(moves, result, args.size, args.rule, args.skip)
    })?;
    let held_out = |game: usize| args.hold_out > 0 && game.is_multiple_of(args.hold_out);
    for path in &args.targets {
        let text = read(path)?;
        for (n, (moves, target, game)) in parse_targets(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .into_iter()
            .enumerate()
        {
            let sample = position_sample(&moves, target, args.size, args.rule)
                .map_err(|e| format!("{}: position {}: {e}", path.display(), n + 1))?;
            if held_out(game) {
                test.extend(sample);
            } else {
                train.extend(sample);
            }
        }
    }
    eprintln!(
        "{games} games and the labelled positions: {} training positions, {} held out",
        train.len(),
        test.len()
    );
    let start = Weights::DEFAULT;
    let k = best_scale(&start, &train);
    let options = FitOptions {
        iterations: args.iterations,
        rate: args.rate,
        min_support: args.min_support,
    };
    let tuned = fit(&start, k, &train, options);
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
        print!(
            "{}",
            term_table(
                ["mover", "opponent"],
                [&side.mover, &side.opponent],
                [&was.mover, &was.opponent]
            )
        );
        println!("tempo {} (was {})", side.tempo, was.tempo);
        println!("mover: {:?}", side.mover);
        println!("opponent: {:?}", side.opponent);
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
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
