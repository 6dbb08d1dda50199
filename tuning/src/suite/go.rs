//! Balanced Go openings: short sequences from the empty board after which Tengen's Go
//! search calls the game even for the side to move under the given rules and komi.
//!
//! How they are found:
//!
//! 1. Candidates are drawn at random (fixed seed): [`GoSuiteConfig::min_moves`] to
//!    [`GoSuiteConfig::max_moves`] moves, the lengths taken in turn, each move on the 3rd
//!    or 4th line or the centre point ([`opening_points`]) and not next to a stone already
//!    played (no contact fights: openings, not fights). A candidate that is the image of
//!    one already drawn under a board symmetry is drawn again.
//! 2. The judgement: a search of the position ([`tengen::go::search::Engine`], one thread,
//!    [`GoSuiteConfig::playouts`] playouts, a fixed seed, a fresh tree) for the side to
//!    move. Its win rate is the root's, as Tengen reports it (`kata-analyze`'s `rootInfo`):
//!    each root move's win rate weighted by its visits, the mean over all the search's
//!    playouts. On few playouts it is far steadier than the most visited move's (a few
//!    dozen visits on 9x9, a handful on 19x19). The opening is kept when it is within
//!    [`GoSuiteConfig::min_winrate`]..=[`GoSuiteConfig::max_winrate`].
//!
//! Drawing stops when [`GoSuiteConfig::openings`] are kept or after
//! [`GoSuiteConfig::max_searches`] searches.

use super::position_key;
use crate::openings::{with_colours, GoOpening};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use tengen::core::{Color, Point, SplitMix64};
use tengen::go::search::{Engine, Limits, SearchConfig};
use tengen::go::{BoardSize, Game, Rules};

/// How openings are drawn and judged (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct GoSuiteConfig {
    pub size: BoardSize,
    /// The rules and komi the openings are judged under.
    pub rules: Rules,
    /// Openings wanted.
    pub openings: usize,
    /// Fewest moves of an opening.
    pub min_moves: usize,
    /// Most moves of an opening.
    pub max_moves: usize,
    /// Playouts per search.
    pub playouts: u64,
    /// Lowest win rate of the side to move that is balanced.
    pub min_winrate: f64,
    /// Highest win rate of the side to move that is balanced.
    pub max_winrate: f64,
    /// Most searches.
    pub max_searches: usize,
    /// Seed of the draw and of every search.
    pub seed: u64,
    /// The search tree's memory bound, MiB.
    pub tree_mb: usize,
}

impl GoSuiteConfig {
    /// The settings the shipped suites were made with: Chinese rules, komi 7.5, 24
    /// openings of 2 to 4 moves, win rates 0.45 to 0.55, and 5000 playouts a search up to
    /// 9x9, 3000 up to 13x13, 2000 beyond.
    pub fn for_size(size: BoardSize) -> GoSuiteConfig {
        let playouts = match size.get() {
            n if n <= 9 => 5000,
            n if n <= 13 => 3000,
            _ => 2000,
        };
        GoSuiteConfig {
            size,
            rules: Rules::chinese(),
            openings: 24,
            min_moves: 2,
            max_moves: 4,
            playouts,
            min_winrate: 0.45,
            max_winrate: 0.55,
            max_searches: 150,
            seed: 1,
            tree_mb: 64,
        }
    }
}

/// An opening the search calls even.
#[derive(Clone, Debug, PartialEq)]
pub struct BalancedOpening {
    pub opening: GoOpening,
    /// The side to move after it.
    pub to_move: Color,
    /// The root's win rate for the side to move.
    pub winrate: f64,
}

impl BalancedOpening {
    /// The opening as an openings file line with the judgement as a comment:
    /// `9x9-01: E5 C3  # Black to move: 0.512`.
    pub fn to_file_line(&self, size: BoardSize) -> String {
        let side = match self.to_move {
            Color::Black => "Black",
            Color::White => "White",
        };
        format!(
            "{}  # {side} to move: {:.3}",
            self.opening.to_file_line(size),
            self.winrate
        )
    }
}

/// The openings kept and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct GoSuite {
    pub openings: Vec<BalancedOpening>,
    /// Searches run.
    pub searched: usize,
}

/// Draws and judges openings (module documentation). `progress` sees every judged
/// opening and whether it was kept.
pub fn balanced_openings(
    config: &GoSuiteConfig,
    mut progress: impl FnMut(&BalancedOpening, bool),
) -> GoSuite {
    let size = config.size;
    let points = opening_points(size);
    let mut rng = SplitMix64::new(config.seed);
    let mut seen = HashSet::new();
    let mut suite = GoSuite {
        openings: Vec::new(),
        searched: 0,
    };
    let lengths = config.min_moves..=config.max_moves.max(config.min_moves);
    let mut attempt = 0;
    // Small boards run out of distinct openings: give up after many fruitless draws.
    while suite.openings.len() < config.openings
        && suite.searched < config.max_searches
        && attempt < 50 * config.max_searches
    {
        let length = lengths.start() + attempt % lengths.clone().count();
        attempt += 1;
        let Some(moves) = draw(&points, length, &mut rng) else {
            continue;
        };
        let stones = with_colours(&moves);
        if !seen.insert(position_key(&stones, size.get())) {
            continue;
        }
        let mut game = Game::new(size, config.rules);
        if stones.iter().any(|&(p, c)| game.play(c, Some(p)).is_err()) {
            continue;
        }
        suite.searched += 1;
        let to_move = game.to_move();
        let winrate = judge(config, &game, to_move);
        let kept = (config.min_winrate..=config.max_winrate).contains(&winrate);
        let judged = BalancedOpening {
            opening: GoOpening {
                name: format!("{n}x{n}-{:02}", suite.openings.len() + 1, n = size.get()),
                moves: moves.into_iter().map(Some).collect(),
            },
            to_move,
            winrate,
        };
        progress(&judged, kept);
        if kept {
            suite.openings.push(judged);
        }
    }
    suite
}

/// The root's win rate for `to_move` after a search of `game` with `config`'s playouts
/// and seed.
fn judge(config: &GoSuiteConfig, game: &Game, to_move: Color) -> f64 {
    let mut engine = Engine::new(SearchConfig {
        threads: 1,
        max_tree_mb: config.tree_mb,
        resign_below: 0.0,
        seed: config.seed,
        ..SearchConfig::default()
    });
    let limits = Limits {
        playouts: Some(config.playouts),
        ..Limits::default()
    };
    let outcome = engine.search(
        game,
        to_move,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
        None,
    );
    let moves = &outcome.analysis.moves;
    let visits: u64 = moves.iter().map(|m| m.visits).sum();
    if visits == 0 {
        return 0.5;
    }
    moves
        .iter()
        .map(|m| m.winrate * m.visits as f64)
        .sum::<f64>()
        / visits as f64
}

/// `length` distinct points of `points`, none next to (orthogonally) one before it;
/// `None` when the draw gets stuck.
fn draw(points: &[Point], length: usize, rng: &mut SplitMix64) -> Option<Vec<Point>> {
    let mut moves: Vec<Point> = Vec::with_capacity(length);
    for _ in 0..length {
        let free: Vec<Point> = points
            .iter()
            .copied()
            .filter(|p| {
                moves
                    .iter()
                    .all(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) >= 2)
            })
            .collect();
        if free.is_empty() {
            return None;
        }
        moves.push(free[rng.below(free.len() as u64) as usize]);
    }
    Some(moves)
}

/// The points openings are drawn from: the 3rd and 4th lines (counted from the nearest
/// edge, the edge being the 1st) and the centre point of an odd board.
///
/// ```
/// use tengen_tuning::suite::go::opening_points;
/// use tengen::go::BoardSize;
/// // 9x9: the 3rd and 4th lines and the centre are the 5x5 square in the middle.
/// assert_eq!(opening_points(BoardSize::new(9).unwrap()).len(), 25);
/// // 19x19: two rings of 56 and 48 points, and tengen.
/// assert_eq!(opening_points(BoardSize::new(19).unwrap()).len(), 105);
/// ```
pub fn opening_points(size: BoardSize) -> Vec<Point> {
    let n = size.get();
    let line = |i: usize| i.min(n - 1 - i) + 1;
    let centre = |i: usize| n % 2 == 1 && i == n / 2;
    (0..n)
        .flat_map(|y| (0..n).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let l = line(x).min(line(y));
            l == 3 || l == 4 || (centre(x) && centre(y))
        })
        .map(|(x, y)| Point::new(x as u8, y as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_openings_are_legal_distinct_and_in_the_window() {
        let size = BoardSize::new(7).unwrap();
        let config = GoSuiteConfig {
            openings: 4,
            min_moves: 2,
            max_moves: 3,
            playouts: 100,
            min_winrate: 0.3,
            max_winrate: 0.7,
            max_searches: 12,
            ..GoSuiteConfig::for_size(size)
        };
        let mut judged = Vec::new();
        let suite = balanced_openings(&config, |o, kept| judged.push((o.winrate, kept)));
        assert_eq!(suite.searched, judged.len());
        assert!(suite.searched <= config.max_searches);
        for &(winrate, kept) in &judged {
            assert_eq!(kept, (0.3..=0.7).contains(&winrate), "{winrate}");
        }
        let kept = judged.iter().filter(|j| j.1).count();
        assert_eq!(kept, suite.openings.len());
        assert!(kept > 0 && kept <= config.openings, "{judged:?}");
        let points = opening_points(size);
        let mut keys = HashSet::new();
        for (i, o) in suite.openings.iter().enumerate() {
            assert_eq!(o.opening.name, format!("7x7-{:02}", i + 1));
            assert!((2..=3).contains(&o.opening.moves.len()), "{o:?}");
            let mut game = Game::new(size, config.rules);
            let mut stones = Vec::new();
            for (c, mv) in o.opening.coloured_moves() {
                let p = mv.expect("no passes");
                assert!(points.contains(&p));
                assert!(stones
                    .iter()
                    .all(|&(q, _): &(Point, Color)| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) >= 2));
                game.play(c, mv).unwrap();
                stones.push((p, c));
            }
            assert_eq!(o.to_move, game.to_move());
            assert!(keys.insert(position_key(&stones, 7)), "{o:?}");
        }
        // Reproducible.
        assert_eq!(balanced_openings(&config, |_, _| {}), suite);
    }
}
