//! `go-patterns`: fits the gammas of Tengen's learned Go move priors
//! (`tengen::go::search::patterns`) to the moves of SGF games, and measures how well they
//! and the hand-written prior predict the moves of held-out games. See
//! `tuning/README.md`.

use clap::Parser;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use tengen::core::Color;
use tengen::go::search::patterns::{
    self, Features, Model, LAST2_VALUES, LAST_VALUES, LINE_VALUES, TACTIC_VALUES,
};
use tengen::go::{Board, Ko, Legality, Position, Suicide, Vertex};
use tengen::protocol::sgf::GoRecord;
use tengen_tuning::gopat::{fit, log_likelihood, top_k, uniform_log_likelihood, Competitions};

/// Fits Go move-pattern gammas (Bradley–Terry, MM) to the moves of SGF games.
#[derive(Parser, Debug)]
#[command(name = "go-patterns", version)]
struct Args {
    /// Directories (searched recursively) or files of SGF games; only 19x19 games without
    /// setup stones are read.
    #[arg(required = true)]
    sources: Vec<PathBuf>,
    /// Read at most this many games (in path order).
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Every n-th game is held out to measure the fit.
    #[arg(long, default_value_t = 10)]
    hold_out: usize,
    /// A pattern gets its own gamma when it is among the legal moves this often in the
    /// training positions; rarer ones share one.
    #[arg(long, default_value_t = 200)]
    min_count: u64,
    /// At most this many patterns (the most frequent) get their own gamma.
    #[arg(long, default_value_t = 30_000)]
    max_patterns: usize,
    /// A diamond (inner or full) gets its own gamma when the move played had it this often
    /// in the training positions; a move whose diamonds are both rarer gets the shared one.
    #[arg(long, default_value_t = 10)]
    diamond_min_count: u64,
    /// At most this many diamonds (the most often played) get their own gamma.
    #[arg(long, default_value_t = 20_000)]
    max_diamonds: usize,
    /// Keep this model file's gammas and its patterns, and fit only the diamonds: the
    /// other gammas (which the playouts' 3x3 shapes come from) stay as they were.
    #[arg(long, conflicts_with = "evaluate")]
    base: Option<PathBuf>,
    /// Rounds of MM (one step per feature group each).
    #[arg(long, default_value_t = 12)]
    rounds: usize,
    /// Write the fitted model here (the engine's is `src/go/search/patterns.bin`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only measure this model file (and the hand prior) on the held-out games (the same
    /// held-out games as a fit with the same sources, `--games` and `--hold-out`).
    #[arg(long, conflicts_with = "out")]
    evaluate: Option<PathBuf>,
}

/// One position of a game: the legal moves' features, the hand prior of each, and the
/// index of the move played.
struct Sample {
    moves: Vec<Features>,
    hand: Vec<f32>,
    played: usize,
}

fn sgf_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            sgf_files(&p, out)?;
        }
    } else if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
    {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// The gammas of a group's keys (`index`: each key's index in the group, `gammas` from
/// the group's first), sorted by key as the model looks them up.
fn gamma_table<K: Copy + Ord>(index: &HashMap<K, u32>, gammas: &[f64]) -> Vec<(K, f32)> {
    let mut table: Vec<(K, f32)> = index
        .iter()
        .map(|(&key, &i)| (key, gammas[i as usize] as f32))
        .collect();
    table.sort_unstable_by_key(|&(key, _)| key);
    table
}

/// The positions of one game, or `None` when it is not a plain 19x19 game.
fn game_samples(text: &[u8], with_hand: bool) -> Option<Vec<Sample>> {
    let record = GoRecord::from_sgf(text).ok()?;
    if record.size.get() != 19 || !record.setup.black.is_empty() || !record.setup.white.is_empty() {
        return None;
    }
    let legality = Legality {
        suicide: Suicide::Illegal,
        ko: Ko::Simple,
    };
    let mut board = Board::from_position(Position::new(record.size), Color::Black, legality);
    let mut samples = Vec::new();
    let mut history: Vec<Option<Vertex>> = Vec::new();
    for &(color, mv) in &record.moves {
        if let Some(point) = mv {
            let position = board.position();
            let played = position.size().vertex(point)?;
            // The opponent's last move and the own move before, when the moves alternate.
            let n = history.len();
            let last = n.checked_sub(1).and_then(|i| history[i]);
            let last2 = n.checked_sub(2).and_then(|i| history[i]);
            let legal: Vec<Vertex> = board
                .legal_moves(color)
                .into_iter()
                .filter(|&v| !position.is_eye(color, v))
                .collect();
            if let Some(index) = legal.iter().position(|&v| v == played) {
                samples.push(Sample {
                    moves: legal
                        .iter()
                        .map(|&v| patterns::features(position, color, v, last, last2))
                        .collect(),
                    hand: if with_hand {
                        legal
                            .iter()
                            .map(|&v| patterns::hand_prior(position, color, v, last))
                            .collect()
                    } else {
                        Vec::new()
                    },
                    played: index,
                });
            }
            history.push(Some(played));
        } else {
            history.push(None);
        }
        if board.play(color, mv).is_err() {
            break;
        }
    }
    Some(samples)
}

/// The global feature indices of a move: tactic, pattern, line, last, last2, diamond.
struct Index {
    patterns: HashMap<u32, u32>,
    diamonds: HashMap<u64, u32>,
}

const GROUPS: usize = 6;
/// The diamonds' group.
const DIAMOND_GROUP: usize = 5;

impl Index {
    fn offsets(&self) -> [u32; GROUPS] {
        let t = 0;
        let p = t + TACTIC_VALUES as u32;
        let l = p + self.patterns.len() as u32 + 1;
        let d = l + LINE_VALUES as u32;
        let d2 = d + LAST_VALUES as u32;
        let s = d2 + LAST2_VALUES as u32;
        [t, p, l, d, d2, s]
    }

    fn count(&self) -> usize {
        self.offsets()[DIAMOND_GROUP] as usize + self.diamonds.len() + 1
    }

    fn team(&self, f: &Features) -> [u32; GROUPS] {
        let o = self.offsets();
        let rare = self.patterns.len() as u32;
        let diamond = self.diamonds.get(&f.diamond[1]);
        let diamond = diamond.or_else(|| self.diamonds.get(&f.diamond[0]));
        [
            o[0] + f.tactic as u32,
            o[1] + self.patterns.get(&f.pattern).copied().unwrap_or(rare),
            o[2] + u32::from(f.line),
            o[3] + u32::from(f.last),
            o[4] + u32::from(f.last2),
            o[5] + diamond.copied().unwrap_or(self.diamonds.len() as u32),
        ]
    }

    /// The gammas of `model` (whose patterns this index must hold) in this index's
    /// order, with 1 for every diamond.
    fn gammas_of(&self, model: &Model) -> Vec<f64> {
        let o = self.offsets().map(|x| x as usize);
        let mut gammas = vec![1.0; self.count()];
        let small = [
            (o[0], &model.tactic[..]),
            (o[2], &model.line[..]),
            (o[3], &model.last[..]),
            (o[4], &model.last2[..]),
        ];
        for (start, values) in small {
            for (k, &g) in values.iter().enumerate() {
                gammas[start + k] = f64::from(g);
            }
        }
        for &(code, g) in &model.patterns {
            gammas[o[1] + self.patterns[&code] as usize] = f64::from(g);
        }
        gammas[o[1] + self.patterns.len()] = f64::from(model.rare);
        gammas
    }

    fn groups(&self) -> Vec<usize> {
        let o = self.offsets();
        (0..self.count())
            .map(|f| o.iter().rposition(|&s| f as u32 >= s).expect("a group"))
            .collect()
    }

    /// The model of fitted `gammas`, kept as fitted (only ratios within a position
    /// matter).
    fn model(&self, gammas: &[f64]) -> Model {
        let o = self.offsets().map(|x| x as usize);
        let g = |i: usize| gammas[i] as f32;
        let mut m = Model::uniform();
        for (k, x) in m.tactic.iter_mut().enumerate() {
            *x = g(o[0] + k);
        }
        for (k, x) in m.line.iter_mut().enumerate() {
            *x = g(o[2] + k);
        }
        for (k, x) in m.last.iter_mut().enumerate() {
            *x = g(o[3] + k);
        }
        for (k, x) in m.last2.iter_mut().enumerate() {
            *x = g(o[4] + k);
        }
        m.rare = g(o[1] + self.patterns.len());
        m.patterns = gamma_table(&self.patterns, &gammas[o[1]..]);
        m.diamond_rare = g(o[5] + self.diamonds.len());
        m.diamonds = gamma_table(&self.diamonds, &gammas[o[5]..]);
        m
    }
}

/// The keys counted at least `min` times, at most `max` of them, most frequent first.
fn most_frequent<K: Copy + Ord>(counts: HashMap<K, u64>, min: u64, max: usize) -> Vec<K> {
    let mut common: Vec<(K, u64)> = counts.into_iter().filter(|&(_, c)| c >= min).collect();
    common.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    common.truncate(max);
    common.into_iter().map(|(k, _)| k).collect()
}

/// Top-1 and top-5 accuracy and mean log-likelihood of a model on samples.
fn measure(samples: &[Sample], model: &Model) -> (f64, f64, f64) {
    let (mut top1, mut top5, mut ll) = (0.0, 0.0, 0.0);
    for s in samples {
        let scores: Vec<f64> = s.moves.iter().map(|f| f64::from(model.gamma(f))).collect();
        top1 += top_k(&scores, s.played, 1);
        top5 += top_k(&scores, s.played, 5);
        ll += (scores[s.played] / scores.iter().sum::<f64>()).ln();
    }
    let n = samples.len().max(1) as f64;
    (top1 / n, top5 / n, ll / n)
}

fn run(args: &Args) -> Result<(), String> {
    let mut files = Vec::new();
    for source in &args.sources {
        sgf_files(source, &mut files)?;
    }
    let start = Instant::now();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for path in &files {
        if games == args.games {
            break;
        }
        let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let held_out = args.hold_out > 0 && games % args.hold_out == 0;
        if held_out {
            let Some(samples) = game_samples(&text, true) else {
                continue;
            };
            test.extend(samples);
        } else {
            if args.evaluate.is_some() {
                games += 1;
                continue;
            }
            let Some(samples) = game_samples(&text, false) else {
                continue;
            };
            train.extend(samples);
        }
        games += 1;
        if games % 100 == 0 {
            eprintln!(
                "{games} games, {} + {} positions, {:.0} s",
                train.len(),
                test.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "games {games} (of {} files), training positions {}, held-out positions {}",
        files.len(),
        train.len(),
        test.len()
    );
    // The hand prior and a uniform choice on the held-out games.
    let (mut h1, mut h5) = (0.0, 0.0);
    for s in &test {
        let scores: Vec<f64> = s.hand.iter().map(|&p| f64::from(p)).collect();
        h1 += top_k(&scores, s.played, 1);
        h5 += top_k(&scores, s.played, 5);
    }
    let n = test.len().max(1) as f64;
    let uniform_ll = -test
        .iter()
        .map(|s| (s.moves.len() as f64).ln())
        .sum::<f64>()
        / n;
    println!(
        "held out: hand prior top-1 {:.1}% top-5 {:.1}%; uniform log-likelihood {uniform_ll:.3}",
        100.0 * h1 / n,
        100.0 * h5 / n
    );
    if let Some(path) = &args.evaluate {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let model = Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let (t1, t5, ll) = measure(&test, &model);
        println!(
            "held out: {} top-1 {:.1}% top-5 {:.1}% log-likelihood {ll:.3}",
            path.display(),
            100.0 * t1,
            100.0 * t5
        );
        return Ok(());
    }
    let base = match &args.base {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    // The patterns common enough for a gamma of their own (the base model's, if any).
    let common: Vec<u32> = match &base {
        Some(model) => model.patterns.iter().map(|&(code, _)| code).collect(),
        None => {
            let mut counts: HashMap<u32, u64> = HashMap::new();
            for s in &train {
                for f in &s.moves {
                    *counts.entry(f.pattern).or_default() += 1;
                }
            }
            most_frequent(counts, args.min_count, args.max_patterns)
        }
    };
    // The diamonds played often enough for a gamma of their own.
    let mut played: HashMap<u64, u64> = HashMap::new();
    for s in &train {
        for key in s.moves[s.played].diamond {
            *played.entry(key).or_default() += 1;
        }
    }
    let diamonds = most_frequent(played, args.diamond_min_count, args.max_diamonds);
    let index = Index {
        patterns: common
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect(),
        diamonds: diamonds
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32))
            .collect(),
    };
    println!(
        "patterns with their own gamma: {}, diamonds: {}",
        index.patterns.len(),
        index.diamonds.len()
    );
    let to_data = |samples: &[Sample]| {
        let mut data = Competitions::<GROUPS>::default();
        for s in samples {
            data.push(s.moves.iter().map(|f| index.team(f)).collect(), s.played);
        }
        data
    };
    let (train_data, test_data) = (to_data(&train), to_data(&test));
    drop(train);
    println!(
        "distinct teams: {} training, {} held out; uniform log-likelihood {:.3}",
        train_data.teams.len(),
        test_data.teams.len(),
        uniform_log_likelihood(&test_data)
    );
    let groups = index.groups();
    let (initial, fitted): (Vec<f64>, Vec<usize>) = match &base {
        Some(model) => (index.gammas_of(model), vec![DIAMOND_GROUP]),
        None => (vec![1.0; groups.len()], (0..GROUPS).collect()),
    };
    if base.is_some() {
        println!(
            "base model: log-likelihood held out {:.4}",
            log_likelihood(&test_data, &initial)
        );
    }
    let gammas = fit(
        &train_data,
        &groups,
        initial,
        &fitted,
        args.rounds,
        |round, gammas| {
            println!(
                "round {round}: log-likelihood training {:.4}, held out {:.4} ({:.0} s)",
                log_likelihood(&train_data, gammas),
                log_likelihood(&test_data, gammas),
                start.elapsed().as_secs_f64()
            );
        },
    );
    let model = index.model(&gammas);
    let (t1, t5, ll) = measure(&test, &model);
    println!(
        "held out: learned top-1 {:.1}% top-5 {:.1}% log-likelihood {ll:.3}",
        100.0 * t1,
        100.0 * t5
    );
    let tactic_names = [
        "quiet",
        "captures",
        "self-atari",
        "saves",
        "saves-doomed",
        "catches",
        "ataris",
    ];
    for (name, g) in tactic_names.iter().zip(&model.tactic) {
        println!("gamma {name} {g:.3}");
    }
    println!("gamma line (stage x line 1..5) {:.3?}", model.line);
    println!("gamma last {:.3?}", model.last);
    println!("gamma last2 {:.3?}", model.last2);
    println!("gamma rare pattern {:.3}", model.rare);
    println!("gamma rare diamond {:.3}", model.diamond_rare);
    if let Some(out) = &args.out {
        let bytes = model.to_bytes();
        std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("wrote {} ({} bytes)", out.display(), bytes.len());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go-patterns: {e}");
            ExitCode::FAILURE
        }
    }
}
