//! Shared by the integration tests: a slow renju referee written straight from the RIF
//! rule text (no tables, no line codes, no shortcuts beyond the obvious), and random
//! position generators; in submodules, the binary run as a user runs it, renju tactics
//! puzzles, a GTP controller for tests that play against another engine, the Go
//! life-and-death fixtures of the Japanese rules, and the replay of protocol transcripts.
#![allow(dead_code)] // each test binary uses its own part

pub mod cli;
pub mod go_fixture;
pub mod grid;
pub mod gtp_client;
pub mod tactics;
pub mod transcript;

use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::{Board, Foul, Rule};

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A plain grid of cells, row-major from the top.
#[derive(Clone, Debug)]
pub struct Grid {
    pub size: usize,
    pub cells: Vec<u8>,
}

/// What a Black stone on a point is, by the rule text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefVerdict {
    Five,
    Foul(Foul),
    Legal,
}

impl Grid {
    pub fn empty(size: usize) -> Grid {
        Grid {
            size,
            cells: vec![EMPTY; size * size],
        }
    }

    pub fn from_board(b: &Board) -> Grid {
        let mut g = Grid::empty(b.size());
        for i in 0..b.size() * b.size() {
            g.cells[i] = match b.stone(b.point(i)) {
                None => EMPTY,
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
            };
        }
        g
    }

    pub fn to_board(&self, rule: Rule) -> Board {
        let mut b = Board::new(self.size, rule).unwrap();
        for (i, &c) in self.cells.iter().enumerate() {
            match c {
                BLACK => b.put(b.point(i), Color::Black).unwrap(),
                WHITE => b.put(b.point(i), Color::White).unwrap(),
                _ => {}
            }
        }
        b
    }

    /// The board string: rows from the top, `x` Black, `o` White, `.` empty.
    pub fn to_board_string(&self) -> String {
        self.cells
            .iter()
            .map(|&c| match c {
                BLACK => 'x',
                WHITE => 'o',
                _ => '.',
            })
            .collect()
    }

    /// The cell at (x, y), `None` off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        let n = self.size as i32;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| self.cells[(y * n + x) as usize])
    }

    pub fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[(y * self.size as i32 + x) as usize] = v;
    }

    /// The unbroken line of `v` stones through the `v` stone (x, y) along d, as the
    /// offsets `(lo, hi)` of its ends from (x, y): `lo <= 0 <= hi`.
    pub fn span(&self, x: i32, y: i32, (dx, dy): (i32, i32), v: u8) -> (i32, i32) {
        let (mut lo, mut hi) = (0, 0);
        while self.get(x + (lo - 1) * dx, y + (lo - 1) * dy) == Some(v) {
            lo -= 1;
        }
        while self.get(x + (hi + 1) * dx, y + (hi + 1) * dy) == Some(v) {
            hi += 1;
        }
        (lo, hi)
    }

    /// The unbroken line of Black stones through the Black stone (x, y) along d, as its
    /// first stone and its length.
    fn run(&self, x: i32, y: i32, d: (i32, i32)) -> ((i32, i32), usize) {
        let (lo, hi) = self.span(x, y, d, BLACK);
        ((x + lo * d.0, y + lo * d.1), (hi - lo + 1) as usize)
    }

    /// The stones of that line.
    fn run_stones(&self, x: i32, y: i32, d: (i32, i32)) -> Vec<(i32, i32)> {
        let ((sx, sy), len) = self.run(x, y, d);
        (0..len as i32)
            .map(|i| (sx + i * d.0, sy + i * d.1))
            .collect()
    }

    /// "Five: exactly five unbroken stones": does the Black stone (x, y) stand in one along d?
    fn in_five(&self, x: i32, y: i32, d: (i32, i32)) -> bool {
        self.run(x, y, d).1 == 5
    }

    /// Points on the line through (x, y) along d, five steps each way: no five, four or
    /// straight four through (x, y) reaches farther.
    fn line_points(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> Vec<(i32, i32)> {
        (-5..=5)
            .filter(|&t| t != 0)
            .map(|t| (x + t * dx, y + t * dy))
            .filter(|&(px, py)| self.get(px, py).is_some())
            .collect()
    }

    /// "Four: a line of four stones to which one more stone makes a five", counted as
    /// distinct sets of four stones (a straight four is one; X.XXX.X is two), among the
    /// fours that contain the stone (x, y).
    fn fours(&mut self, x: i32, y: i32, d: (i32, i32)) -> usize {
        let mut sets: Vec<Vec<(i32, i32)>> = Vec::new();
        for (qx, qy) in self.line_points(x, y, d) {
            if self.get(qx, qy) != Some(EMPTY) {
                continue;
            }
            self.set(qx, qy, BLACK);
            let run = self.run_stones(qx, qy, d);
            if run.len() == 5 && run.contains(&(x, y)) {
                let four: Vec<_> = run.into_iter().filter(|&p| p != (qx, qy)).collect();
                if !sets.contains(&four) {
                    sets.push(four);
                }
            }
            self.set(qx, qy, EMPTY);
        }
        sets.len()
    }

    /// "Straight four: four unbroken stones with two different points that each make a
    /// five": is the run through (x, y) along d one?
    fn is_straight_four(&mut self, x: i32, y: i32, d: (i32, i32)) -> bool {
        let run = self.run_stones(x, y, d);
        if run.len() != 4 {
            return false;
        }
        let (first, last) = (run[0], run[3]);
        let ends = [(first.0 - d.0, first.1 - d.1), (last.0 + d.0, last.1 + d.1)];
        ends.iter().all(|&(ex, ey)| {
            if self.get(ex, ey) != Some(EMPTY) {
                return false;
            }
            self.set(ex, ey, BLACK);
            let five = self.in_five(ex, ey, d);
            self.set(ex, ey, EMPTY);
            five
        })
    }

    /// "Three: a line of three stones to which one more stone (that does not make a five
    /// at the same time) makes a straight four", counted only if (9.3) one such point is
    /// a legal Black move with (x, y) in place.
    fn is_real_three(&mut self, x: i32, y: i32, d: (i32, i32)) -> bool {
        for (qx, qy) in self.line_points(x, y, d) {
            if self.get(qx, qy) != Some(EMPTY) {
                continue;
            }
            self.set(qx, qy, BLACK);
            let straight =
                self.is_straight_four(x, y, d) && self.run_stones(x, y, d).contains(&(qx, qy));
            let five_anywhere = DIRS.iter().any(|&d2| self.in_five(qx, qy, d2));
            self.set(qx, qy, EMPTY);
            if straight && !five_anywhere && self.verdict(qx, qy) == RefVerdict::Legal {
                return true;
            }
        }
        false
    }

    /// Rules 9.1-9.3 for a Black stone on the empty point (x, y).
    pub fn verdict(&mut self, x: i32, y: i32) -> RefVerdict {
        assert_eq!(self.get(x, y), Some(EMPTY));
        // Every five, overline, double-four and double-three needs at least four other
        // Black stones within five points along the lines through (x, y).
        let near: usize = DIRS
            .iter()
            .map(|&d| {
                let pts = self.line_points(x, y, d);
                pts.iter()
                    .filter(|&&(px, py)| self.get(px, py) == Some(BLACK))
                    .count()
            })
            .sum();
        if near < 4 {
            return RefVerdict::Legal;
        }
        self.set(x, y, BLACK);
        let verdict = if DIRS.iter().any(|&d| self.in_five(x, y, d)) {
            RefVerdict::Five
        } else if DIRS.iter().any(|&d| self.run(x, y, d).1 >= 6) {
            RefVerdict::Foul(Foul::Overline)
        } else if DIRS.iter().map(|&d| self.fours(x, y, d)).sum::<usize>() >= 2 {
            RefVerdict::Foul(Foul::DoubleFour)
        } else if DIRS
            .iter()
            .filter(|&&d| self.is_real_three(x, y, d))
            .count()
            >= 2
        {
            RefVerdict::Foul(Foul::DoubleThree)
        } else {
            RefVerdict::Legal
        };
        self.set(x, y, EMPTY);
        verdict
    }

    /// Every empty point where Black may not play, row-major from the top.
    pub fn forbidden_map(&mut self) -> Vec<(Point, Foul)> {
        let n = self.size as i32;
        let mut out = Vec::new();
        for y in 0..n {
            for x in 0..n {
                if self.get(x, y) == Some(EMPTY) {
                    if let RefVerdict::Foul(f) = self.verdict(x, y) {
                        out.push((Point::new(x as u8, y as u8), f));
                    }
                }
            }
        }
        out
    }
}

/// A random position: a dense square window (side 5-9) near the centre, or now and then
/// against an edge or a corner, filled 35-80%, Black's share of the stones 50-70%.
pub fn random_grid(rng: &mut SplitMix64, size: usize) -> Grid {
    let mut g = Grid::empty(size);
    let side = (5 + rng.below(5) as usize).min(size);
    let max_origin = size - side;
    let (ox, oy) = if rng.below(5) == 0 {
        // Against the edges.
        let pick = |r: &mut SplitMix64| if r.below(2) == 0 { 0 } else { max_origin };
        (pick(rng), rng.below(max_origin as u64 + 1) as usize)
    } else {
        let centre = max_origin / 2;
        let jitter = |r: &mut SplitMix64| {
            (centre as i64 + r.below(5) as i64 - 2).clamp(0, max_origin as i64) as usize
        };
        (jitter(rng), jitter(rng))
    };
    let density = 0.35 + 0.45 * rng.unit();
    let black_share = 0.5 + 0.2 * rng.unit();
    for y in oy..oy + side {
        for x in ox..ox + side {
            if rng.unit() < density {
                g.cells[y * size + x] = if rng.unit() < black_share {
                    BLACK
                } else {
                    WHITE
                };
            }
        }
    }
    g
}
