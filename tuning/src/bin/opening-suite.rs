//! `opening-suite`: writes an opening suite chosen by Tengen's own judgement to standard
//! output (progress on standard error): `renju` for balanced 5-stone lines of the 26
//! standard openings, `go` for balanced Go openings. See `tuning/README.md`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tengen::go::{BoardSize, Komi, Rules};
use tengen::renju::opening::OPENINGS;
use tengen::renju::search::{book, Engine, Limits};
use tengen_tuning::cli::exit_status;
use tengen_tuning::suite::go::{balanced_openings, GoSuiteConfig};
use tengen_tuning::suite::renju::{balanced_lines, RenjuSuiteConfig};

/// Writes an opening suite chosen by Tengen's own judgement.
#[derive(Parser, Debug)]
#[command(name = "opening-suite", version)]
struct Args {
    #[command(subcommand)]
    suite: Suite,
}

#[derive(Subcommand, Debug)]
enum Suite {
    /// Balanced 5-stone lines of the 26 standard renju openings.
    Renju(RenjuArgs),
    /// Balanced Go openings of a few moves for one board size.
    Go(GoArgs),
    /// The renju opening book: White's 4th move in each of the 26 openings, by a long
    /// search of each (the lines of `src/renju/search/book.txt`).
    RenjuBook(BookArgs),
}

#[derive(clap::Args, Debug)]
struct BookArgs {
    /// Nodes per search (one thread, an empty 256 MiB table each; fixed work, so the book
    /// does not depend on the machine).
    #[arg(long, default_value_t = 20_000_000)]
    nodes: u64,
}

#[derive(clap::Args, Debug)]
struct GoArgs {
    /// Board side.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi (the rules are Chinese: area counting).
    #[arg(long, default_value = "7.5")]
    komi: Komi,
    /// Openings wanted.
    #[arg(long)]
    count: Option<usize>,
    /// Playouts per search (default: 5000 up to 9x9, 3000 up to 13x13, 2000 beyond).
    #[arg(long)]
    playouts: Option<u64>,
    /// Lowest balanced win rate of the side to move.
    #[arg(long)]
    min_winrate: Option<f64>,
    /// Highest balanced win rate of the side to move.
    #[arg(long)]
    max_winrate: Option<f64>,
    /// Most searches.
    #[arg(long)]
    max_searches: Option<usize>,
    /// Seed of the draw and of the searches.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(clap::Args, Debug)]
struct RenjuArgs {
    /// Only these openings (comma-separated names, e.g. D4,I7); default all 26.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Lines wanted per opening.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().lines_per_opening)]
    lines: usize,
    /// Depth of the judging search.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().depth)]
    depth: i32,
    /// Node limit of the judging search.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().max_nodes)]
    nodes: u64,
    /// Balanced: the judging score within this of 0.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().window)]
    window: i32,
    /// The iteration whose score decides whether a search goes on.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().screen_depth)]
    screen_depth: i32,
    /// Searches further than this from 0 at the screen depth are cut short.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().screen_window)]
    screen_window: i32,
    /// Most searches per opening.
    #[arg(long, default_value_t = RenjuSuiteConfig::default().max_searches)]
    max_searches: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    exit_status(
        "opening-suite",
        match &args.suite {
            Suite::Renju(a) => renju(a),
            Suite::Go(a) => go(a),
            Suite::RenjuBook(a) => renju_book(a),
        },
    )
}

fn renju(args: &RenjuArgs) -> Result<(), String> {
    let config = RenjuSuiteConfig {
        lines_per_opening: args.lines,
        depth: args.depth,
        max_nodes: args.nodes,
        window: args.window,
        screen_depth: args.screen_depth,
        screen_window: args.screen_window,
        max_searches: args.max_searches,
        ..RenjuSuiteConfig::default()
    };
    let openings: Vec<_> = OPENINGS
        .iter()
        .filter(|o| {
            args.only.is_empty() || args.only.iter().any(|n| n.eq_ignore_ascii_case(o.name))
        })
        .copied()
        .collect();
    if openings.is_empty() {
        return Err(format!("no standard opening is named {:?}", args.only));
    }
    let started = Instant::now();
    let mut body = Vec::new();
    for opening in openings {
        let t = Instant::now();
        let found = balanced_lines(opening, &config).map_err(|e| e.to_string())?;
        eprintln!(
            "{:<4} {} lines: {} candidates, {} searched, {} past the screen [{:.1}s]",
            opening.name,
            found.lines.len(),
            found.candidates,
            found.searched,
            found.full_searches,
            t.elapsed().as_secs_f64()
        );
        if found.lines.len() < 2 {
            eprintln!("warning: {} has fewer than 2 balanced lines", opening.name);
        }
        body.extend(found.lines.iter().map(|l| l.to_file_line(config.size)));
    }
    let c = &config;
    let header = [
        "Balanced renju openings: each of the 26 standard openings with White 4th and Black"
            .to_string(),
        "5th moves after which Tengen's search calls the game even, White to move.".to_string(),
        format!("Generated by: {}", command_line()),
        format!(
            "4th and 5th moves within {} (Chebyshev) of the stones, closest first (then",
            c.radius
        ),
        format!(
            "shuffled, seed {}); 5th not forbidden; no VCF for either side ({} nodes each);",
            c.seed, c.vcf_nodes
        ),
        format!(
            "search to depth {} (at most {} nodes; cut when depth {} is beyond +-{}), the",
            c.depth, c.max_nodes, c.screen_depth, c.screen_window
        ),
        format!(
            "last two iterations within +-{} for White; one thread, empty {} MiB table per",
            c.window, c.hash_mb
        ),
        format!(
            "search; no two lines symmetric; at most {} per 4th move, {} searches per opening.",
            c.max_per_fourth, c.max_searches
        ),
    ];
    print_suite(&header, started, &body);
    Ok(())
}

fn renju_book(args: &BookArgs) -> Result<(), String> {
    let started = Instant::now();
    let mut body = Vec::new();
    for opening in OPENINGS {
        let engine = Engine::new(256, 1);
        let limits = Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        };
        let r = book::search_fourth_move(&engine, &opening, &limits);
        let best = r.best.ok_or_else(|| format!("{}: no move", opening.name))?;
        let line = format!(
            "{} {},{} ev {} depth {}",
            opening.name, best.x, best.y, r.score, r.depth
        );
        eprintln!("{line} [{:.1}s]", r.elapsed.as_secs_f64());
        body.push(line);
    }
    let header = [
        "White's 4th move in each of the 26 standard renju openings, x,y from the top-left"
            .to_string(),
        "of a 15x15 board in the orientation of Opening::stones, with the search's score and"
            .to_string(),
        "depth.".to_string(),
        format!("Generated by: {}", command_line()),
    ];
    print_suite(&header, started, &body);
    Ok(())
}

fn go(args: &GoArgs) -> Result<(), String> {
    let size = BoardSize::new(args.size).map_err(|e| e.to_string())?;
    let defaults = GoSuiteConfig::for_size(size);
    let config = GoSuiteConfig {
        rules: Rules {
            komi: args.komi,
            ..Rules::chinese()
        },
        openings: args.count.unwrap_or(defaults.openings),
        playouts: args.playouts.unwrap_or(defaults.playouts),
        min_winrate: args.min_winrate.unwrap_or(defaults.min_winrate),
        max_winrate: args.max_winrate.unwrap_or(defaults.max_winrate),
        max_searches: args.max_searches.unwrap_or(defaults.max_searches),
        seed: args.seed.unwrap_or(defaults.seed),
        ..defaults
    };
    let started = Instant::now();
    let suite = balanced_openings(&config, |judged, kept| {
        eprintln!(
            "{:<40} {:.3} {}",
            judged.opening.to_file_line(size),
            judged.winrate,
            if kept { "kept" } else { "" }
        );
    });
    eprintln!(
        "{} openings kept of {} searched [{:.1}s]",
        suite.openings.len(),
        suite.searched,
        started.elapsed().as_secs_f64()
    );
    if suite.openings.len() < config.openings {
        eprintln!(
            "warning: fewer openings than the {} wanted",
            config.openings
        );
    }
    let c = &config;
    let n = size.get();
    let header = [
        format!(
            "Balanced Go openings for {n}x{n}, Chinese (area) rules, komi {}: each",
            c.rules.komi
        ),
        "judged even for the side to move by Tengen's Go search.".to_string(),
        format!("Generated by: {}", command_line()),
        format!(
            "{} to {} moves on the 3rd/4th lines or the centre, none next to another stone,",
            c.min_moves, c.max_moves
        ),
        format!(
            "drawn at random (seed {}), no two symmetric; kept when a search ({} playouts,",
            c.seed, c.playouts
        ),
        format!(
            "one thread, seed {}, fresh tree) gives the side to move a root win rate (mean",
            c.seed
        ),
        format!(
            "over all playouts) within {:.2}..{:.2}; {} searches at most.",
            c.min_winrate, c.max_winrate, c.max_searches
        ),
    ];
    let body: Vec<String> = suite
        .openings
        .iter()
        .map(|o| o.to_file_line(size))
        .collect();
    print_suite(&header, started, &body);
    Ok(())
}

/// Writes a suite to standard output: the header lines as comments, closed by the date,
/// the commit and the time taken, then the openings.
fn print_suite(header: &[String], started: Instant, body: &[String]) {
    for line in header {
        println!("# {line}");
    }
    println!(
        "# Date {}, commit {}, {:.0} s.",
        today(),
        commit(),
        started.elapsed().as_secs_f64()
    );
    println!();
    for line in body {
        println!("{line}");
    }
}

/// How this program was run, for the header.
fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("opening-suite {}", args.join(" "))
}

/// The commit of the working tree this runs in (`git describe --always --dirty`), or
/// `unknown`.
fn commit() -> String {
    std::process::Command::new("git")
        .args(["describe", "--always", "--dirty"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date `days` after 1970-01-01: counted in 400-year eras of
/// 146097 days whose years start on March 1st, so the leap day ends the year.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }
}
