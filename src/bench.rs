//! `tengen bench`: a fixed workload for each engine, like Stockfish's `bench`.
//!
//! Each game has a handful of fixed positions searched to a fixed amount of work: renju to
//! a fixed depth, Go to a fixed number of playouts. With one thread both searches are
//! deterministic (no clock decides anything, seeds and table sizes are fixed), so a
//! number drawn from the work done, the *signature*, is the same on every machine and
//! changes only when search behaviour changes:
//!
//! - renju: the total nodes (threat-space and alpha-beta) to reach the depth;
//! - Go: the total tree nodes the searches allocate (the playouts are fixed by the limit,
//!   so they sign nothing; where the tree grows depends on every playout's result).
//!
//! With more threads the same work is run again and its speed compared with one thread's;
//! node counts then depend on thread timing, so only the one-thread pass has a signature.

use crate::go::search::{Decision, Engine as GoEngine, Limits as GoLimits, SearchConfig};
use crate::go::{BoardSize, Game, Rules};
use crate::renju::notation::{parse_position, point_name};
use crate::renju::search::{Engine as RenjuEngine, Limits as RenjuLimits};
use crate::renju::Rule;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The games `tengen bench` can measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchGame {
    /// The renju engine (threat-space search and alpha-beta).
    Renju,
    /// The Go engine (MCTS).
    Go,
}

impl BenchGame {
    /// Both games, in the order a plain `tengen bench` runs them.
    pub const ALL: [BenchGame; 2] = [BenchGame::Renju, BenchGame::Go];

    /// The name the command line and the output use.
    ///
    /// ```
    /// assert_eq!(tengen::bench::BenchGame::Go.name(), "go");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BenchGame::Renju => "renju",
            BenchGame::Go => "go",
        }
    }

    /// What one unit of the game's work is called.
    fn work_unit(self) -> &'static str {
        match self {
            BenchGame::Renju => "nodes",
            BenchGame::Go => "playouts",
        }
    }
}

/// Renju openings a few moves on (each standard opening continued by quick engine play,
/// with either side to move), named by opening and stone count, in renju notation from
/// Black's first move.
const RENJU_POSITIONS: [(&str, &str); 7] = [
    ("D1/9", "h8 h9 h10 g10 g9 f11 i8 e11 e12"),
    ("D3/12", "h8 h9 j10 k11 g9 i7 g7 g8 f7 f6 e7 d7"),
    ("D5/9", "h8 h9 j9 j8 f9 i7 i10 k9 l10"),
    ("D13/12", "h8 h9 j6 i7 k7 l8 j8 l6 l7 j9 i9 g7"),
    ("I2/12", "h8 i9 j9 k8 h7 h6 i8 g6 j6 i7 k10 l11"),
    ("I6/12", "h8 i9 i8 j8 h10 h7 f8 g8 f9 f10 h9 g10"),
    ("I10/9", "h8 i9 h6 j8 h7 h5 h10 h9 g9"),
];
/// The depth every renju position is searched to.
const RENJU_DEPTH: i32 = 7;
/// The renju transposition table (its size changes which entries survive, so it is fixed).
const RENJU_HASH_MB: usize = 16;

/// Go positions: board side, name and the moves from the empty board (Black first).
const GO_POSITIONS: [(usize, &str, &str); 4] = [
    (9, "empty", ""),
    (9, "opening", "E5 C4 G4 F6 F7 E6 D6 D5 D7"),
    (19, "empty", ""),
    (19, "fuseki", "Q16 D4 Q3 D16 R5 C14 F17 K16 C6 F3"),
];
/// Playouts per Go position, by board side.
fn go_playouts(side: usize) -> u64 {
    if side <= 9 {
        10_000
    } else {
        3_000
    }
}
/// The Go tree's memory bound: far more than the bench's trees need, so it never prunes.
const GO_TREE_MB: usize = 256;
/// The Go search seed (any fixed number).
const GO_SEED: u64 = 0x7e26_e115;

/// The outcome of one pass over a game's positions.
#[derive(Clone, Copy, Debug)]
struct Pass {
    /// Nodes (renju) or playouts (Go) searched.
    work: u64,
    /// The deterministic number of a one-thread pass (see the module documentation).
    signature: u64,
    elapsed: Duration,
}

impl Pass {
    fn per_second(&self) -> f64 {
        self.work as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs the bench of `games` on one thread and, if `threads` > 1, again on `threads`,
/// writing one line per position, the totals, the one-thread signature and the speed-up.
///
/// The signature lines read `GAME signature: N`.
pub fn run(out: &mut impl Write, games: &[BenchGame], threads: usize) -> io::Result<()> {
    for &game in games {
        let single = pass(out, game, 1)?;
        total(out, game, 1, &single)?;
        writeln!(out, "{} signature: {}", game.name(), single.signature)?;
        if threads > 1 {
            let multi = pass(out, game, threads)?;
            total(out, game, threads, &multi)?;
            let speedup = multi.per_second() / single.per_second();
            write!(
                out,
                "{} speed-up with {threads} threads: {speedup:.2}x {}/s",
                game.name(),
                game.work_unit()
            )?;
            if game == BenchGame::Renju {
                // Lazy SMP helpers search beside the main thread: their nodes count, but
                // what a player gets is the depth reached sooner.
                let to_depth = single.elapsed.as_secs_f64() / multi.elapsed.as_secs_f64();
                write!(out, ", {to_depth:.2}x time to depth")?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

fn total(out: &mut impl Write, game: BenchGame, threads: usize, pass: &Pass) -> io::Result<()> {
    writeln!(
        out,
        "{} total, {}: {} {} in {:.3} s = {:.0} {}/s",
        game.name(),
        threads_name(threads),
        pass.work,
        game.work_unit(),
        pass.elapsed.as_secs_f64(),
        pass.per_second(),
        game.work_unit()
    )
}

fn threads_name(threads: usize) -> String {
    match threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    }
}

fn pass(out: &mut impl Write, game: BenchGame, threads: usize) -> io::Result<Pass> {
    match game {
        BenchGame::Renju => renju_pass(out, threads),
        BenchGame::Go => go_pass(out, threads),
    }
}

fn renju_pass(out: &mut impl Write, threads: usize) -> io::Result<Pass> {
    writeln!(
        out,
        "renju: {} positions, depth {RENJU_DEPTH}, {}",
        RENJU_POSITIONS.len(),
        threads_name(threads)
    )?;
    let engine = RenjuEngine::new(RENJU_HASH_MB, threads);
    let stop = AtomicBool::new(false);
    let limits = RenjuLimits::depth(RENJU_DEPTH);
    let mut pass = Pass {
        work: 0,
        signature: 0,
        elapsed: Duration::ZERO,
    };
    for (name, moves) in RENJU_POSITIONS {
        let board = parse_position(moves, 15, Rule::Renju).expect("a bench position is legal");
        engine.clear_table();
        let start = Instant::now();
        let r = engine.search(&board, board.side_to_move(), &limits, &stop, &mut |_| {});
        let elapsed = start.elapsed();
        writeln!(
            out,
            "renju {name:<13} depth {:>2}  nodes {:>9}  {:>7.3} s  best {}",
            r.depth,
            r.nodes,
            elapsed.as_secs_f64(),
            r.best.map_or("none".to_string(), |p| point_name(p, 15))
        )?;
        pass.work += r.nodes;
        pass.elapsed += elapsed;
    }
    pass.signature = pass.work;
    Ok(pass)
}

fn go_pass(out: &mut impl Write, threads: usize) -> io::Result<Pass> {
    writeln!(
        out,
        "go: {} positions, {} playouts on 9x9 and {} on 19x19, {}",
        GO_POSITIONS.len(),
        go_playouts(9),
        go_playouts(19),
        threads_name(threads)
    )?;
    let stop = AtomicBool::new(false);
    let mut pass = Pass {
        work: 0,
        signature: 0,
        elapsed: Duration::ZERO,
    };
    for (side, name, moves) in GO_POSITIONS {
        let game = go_game(side, moves);
        let color = game.to_move();
        // A fresh engine each position: no tree or seed carried over from the last one.
        let mut engine = GoEngine::new(SearchConfig {
            threads,
            max_tree_mb: GO_TREE_MB,
            resign_below: 0.0,
            seed: GO_SEED,
            ..SearchConfig::default()
        });
        let limits = GoLimits {
            playouts: Some(go_playouts(side)),
            ..GoLimits::default()
        };
        let start = Instant::now();
        let outcome = engine.search(&game, color, &limits, &stop, &mut |_| {}, None);
        let elapsed = start.elapsed();
        let size = game.position().size();
        let best = match outcome.decision {
            Decision::Play(v) => size.vertex_name(Some(v)),
            Decision::Pass => "pass".to_string(),
            Decision::Resign => "resign".to_string(),
        };
        let tree_nodes = engine.tree_nodes() as u64;
        writeln!(
            out,
            "go    {:<13} playouts {:>7}  tree nodes {:>8}  {:>7.3} s  best {best}",
            format!("{side}x{side} {name}"),
            outcome.analysis.visits,
            tree_nodes,
            elapsed.as_secs_f64(),
        )?;
        pass.work += outcome.analysis.visits;
        pass.signature += tree_nodes;
        pass.elapsed += elapsed;
    }
    Ok(pass)
}

/// The Go game of a bench position: Chinese rules, `moves` played alternately from Black.
fn go_game(side: usize, moves: &str) -> Game {
    let size = BoardSize::new(side).expect("a bench board size is valid");
    let mut game = Game::new(size, Rules::chinese());
    for token in moves.split_whitespace() {
        let vertex = size.parse_vertex(token).expect("a bench move is a vertex");
        let color = game.to_move();
        game.play(color, vertex.map(|v| size.point(v)))
            .expect("a bench move is legal");
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;

    #[test]
    fn every_bench_position_is_legal_and_unfinished() {
        for (_, moves) in RENJU_POSITIONS {
            let board = parse_position(moves, 15, Rule::Renju).unwrap();
            let stones = board.stones(Color::Black).len() + board.stones(Color::White).len();
            assert_eq!(stones, moves.split_whitespace().count(), "{moves}");
        }
        for (side, _, moves) in GO_POSITIONS {
            let game = go_game(side, moves);
            assert!(game.is_over().is_none());
            assert_eq!(game.move_count(), moves.split_whitespace().count());
        }
    }
}
