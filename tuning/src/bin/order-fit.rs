//! `order-fit`: fits the renju move ordering to the moves played in logged games. See
//! `tuning/README.md`.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen::core::Color;
use tengen::renju::search::Weights;
use tengen::renju::Rule;
use tengen_tuning::ordering::{
    best_temperature, evaluate, fit, game_choices, FitOptions, TOP_RANKS,
};
use tengen_tuning::texel::{split_logs, term_table};

/// Fits Tengen's renju move-ordering weights to the moves chosen in logged games.
#[derive(Parser, Debug)]
#[command(name = "order-fit", version)]
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
    /// Leave out the positions before this many moves (the opening's, which no engine
    /// chose).
    #[arg(long, default_value_t = 5)]
    skip: usize,
    /// Steps of Adam.
    #[arg(long, default_value_t = 400)]
    iterations: usize,
    /// Step size, in log-odds.
    #[arg(long, default_value_t = 0.02)]
    rate: f64,
    /// A weight whose term the chosen moves show fewer times than this is not fitted.
    #[arg(long, default_value_t = 100)]
    min_support: usize,
    /// Every n-th game is held out to check the fit (0: none).
    #[arg(long, default_value_t = 10)]
    hold_out: usize,
}

fn run(args: &Args) -> Result<(), String> {
    let (train, test, games) = split_logs(&args.logs, args.hold_out, |moves, _| {
        game_choices(moves, args.size, args.rule, args.skip)
    })?;
    eprintln!(
        "{games} games: {} training positions, {} held out",
        train.len(),
        test.len()
    );
    let start = Weights::DEFAULT;
    let temperature = best_temperature(&start, &train);
    let options = FitOptions {
        iterations: args.iterations,
        rate: args.rate,
        min_support: args.min_support,
    };
    let tuned = fit(&start, temperature, &train, options);
    println!("# temperature {temperature:.1}");
    for (name, set) in [("training", &train), ("held out", &test)] {
        for (weights, which) in [(&start, "start"), (&tuned, "fitted")] {
            let f = evaluate(weights, temperature, set);
            println!(
                "# {name} {which}: log-likelihood {:.4}, top {:?} {:.3} {:.3} {:.3}, mean rank {:.2}",
                f.log_likelihood, TOP_RANKS, f.top[0], f.top[1], f.top[2], f.mean_rank
            );
        }
    }
    for color in Color::BOTH {
        let (order, was) = (tuned.side(color).order, start.side(color).order);
        println!("# {color:?} to move");
        print!(
            "{}",
            term_table(
                ["own", "block"],
                [&order.own, &order.block],
                [&was.own, &was.block]
            )
        );
        println!("own: {:?}", order.own);
        println!("block: {:?}", order.block);
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
