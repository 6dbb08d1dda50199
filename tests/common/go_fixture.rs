//! The Japanese 1989 life-and-death fixtures (`tests/fixtures/go/japanese/*.txt`): the
//! official examples of the rules commentary, each completed to a whole board, with the
//! expected status of every point. This module only reads them; judging positions is the
//! engine's business.
//!
//! A fixture is plain text; `#` starts a comment line, and a few comment lines are
//! structured (they record where the printed diagram sits, so that tests can hold the
//! transcription against the seed):
//!
//! ```text
//! # seed verdict: <the verdict sentence of the seed, verbatim>
//! # translation: <English>
//! # verdict source: seed|official|derived: <where the verdict comes from>
//! # diagram as printed: <the flattened rows of the diagram, verbatim, space separated>
//! # placement: origin=X,Y flip=none|x|y|xy filled=none|X,Y;X,Y...
//! size 9
//! to-move black            (optional)
//! result no-result         (optional)
//! position
//! <size rows of size cells: X O .>
//! status
//! <size rows of size cells: a d s (stones), b w n - (empty points)>
//! ```
//!
//! `placement` maps printed column `c`, row `r` of a diagram `w` wide and `h` high to the
//! board point `(X + c, Y + r)`, mirrored first (`x`: `c -> w-1-c`, `y`: `r -> h-1-r`);
//! `filled` lists the board points the completion put stones on although the diagram
//! prints them empty (outside the example's walls).

use std::fmt;
use std::path::{Path, PathBuf};
use tengen::core::{Color, Point};
use tengen::go::{BoardSize, Position, Suicide, Vertex};

/// What a point is when the game stops, by the Japanese 1989 rules (art. 7 and 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A stone that is alive and has no dame (`a`).
    Alive,
    /// A dead stone (`d`).
    Dead,
    /// A seki stone: alive, with dame (`s`).
    Seki,
    /// Black's territory (`b`).
    BlackTerritory,
    /// White's territory (`w`).
    WhiteTerritory,
    /// Nobody's: dame, or an eye of seki stones (`n`).
    Neutral,
    /// The seed leaves it open (`-`).
    Open,
}

impl Status {
    /// The status written as `c`, if `c` is one.
    pub fn from_letter(c: char) -> Option<Status> {
        Some(match c {
            'a' => Status::Alive,
            'd' => Status::Dead,
            's' => Status::Seki,
            'b' => Status::BlackTerritory,
            'w' => Status::WhiteTerritory,
            'n' => Status::Neutral,
            '-' => Status::Open,
            _ => return None,
        })
    }

    /// Does this status describe a stone (rather than an empty point)?
    pub fn is_for_stone(self) -> bool {
        matches!(self, Status::Alive | Status::Dead | Status::Seki)
    }
}

/// Where a fixture's verdict comes from (the first word of `# verdict source:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The seed states it (possibly for the same position elsewhere in the seed).
    Seed,
    /// The Nihon Ki-in's published commentary of the example; the seed has no verdict.
    Official,
    /// Worked out from the seed's confirmation diagrams and art. 7/8; the seed has no verdict.
    Derived,
}

/// A result the seed states besides the statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The game is void (a cycle neither player leaves).
    NoResult,
}

/// How a diagram of the seed sits on the fixture's board.
#[derive(Clone, Debug)]
pub struct Printed {
    /// The printed rows, one `Vec` of characters per row.
    pub rows: Vec<Vec<char>>,
    /// Board point of the printed top-left character (after mirroring).
    pub origin: (usize, usize),
    /// Mirrored left-right.
    pub flip_x: bool,
    /// Mirrored top-bottom.
    pub flip_y: bool,
    /// Board points the completion filled although the diagram prints them empty.
    pub filled: Vec<Point>,
}

impl Printed {
    /// Width of the diagram in characters.
    pub fn width(&self) -> usize {
        self.rows[0].len()
    }

    /// The board point of printed column `c`, row `r`.
    pub fn board_point(&self, c: usize, r: usize) -> Point {
        let (w, h) = (self.width(), self.rows.len());
        let c = if self.flip_x { w - 1 - c } else { c };
        let r = if self.flip_y { h - 1 - r } else { r };
        Point::new((self.origin.0 + c) as u8, (self.origin.1 + r) as u8)
    }
}

/// One example: the position at the stop and what every point is.
pub struct Fixture {
    /// The file name without `.txt` (`ex01`, `ex07-2`, `ref08-13`...).
    pub name: String,
    /// The board size.
    pub size: BoardSize,
    /// The stones at the stop (built by placing them; nothing was captured).
    pub position: Position,
    /// Per vertex index.
    pub status: Vec<Status>,
    /// Whose turn it is at the stop, when the seed says.
    pub to_move: Option<Color>,
    /// A result the seed states, if any.
    pub result: Option<GameResult>,
    /// The seed's verdict, verbatim (`# seed verdict:` lines, joined).
    pub verdict: String,
    /// Its English translation (`# translation:` lines, joined).
    pub translation: String,
    /// Where the verdict comes from.
    pub source: Source,
    /// The printed diagrams and where they sit.
    pub printed: Vec<Printed>,
}

impl Fixture {
    /// The vertex of `(x, y)`.
    pub fn vertex(&self, x: usize, y: usize) -> Vertex {
        self.size
            .vertex(Point::new(x as u8, y as u8))
            .expect("point on the board")
    }

    /// The status of `(x, y)`.
    pub fn status_at(&self, x: usize, y: usize) -> Status {
        self.status[self.vertex(x, y).index()]
    }

    /// The stone on `(x, y)`.
    pub fn stone_at(&self, x: usize, y: usize) -> Option<Color> {
        self.position.stone(self.vertex(x, y))
    }
}

/// Why a fixture file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureError {
    /// 1-based line, 0 when the problem is the file as a whole.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.what)
        } else {
            write!(f, "line {}: {}", self.line, self.what)
        }
    }
}

fn err<T>(line: usize, what: impl Into<String>) -> Result<T, FixtureError> {
    Err(FixtureError {
        line,
        what: what.into(),
    })
}

/// Reads one fixture.
pub fn parse(name: &str, text: &str) -> Result<Fixture, FixtureError> {
    let mut verdict = Vec::new();
    let mut translation = Vec::new();
    let mut source = None;
    let mut diagrams: Vec<(usize, Vec<Vec<char>>)> = Vec::new();
    let mut placements: Vec<(usize, String)> = Vec::new();
    let mut size = None;
    let mut to_move = None;
    let mut result = None;
    let mut stones: Option<Vec<Vec<char>>> = None;
    let mut statuses: Option<Vec<Vec<char>>> = None;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        i += 1;
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(v) = comment.strip_prefix("seed verdict:") {
                verdict.push(v.trim().to_string());
            } else if let Some(v) = comment.strip_prefix("translation:") {
                translation.push(v.trim().to_string());
            } else if let Some(v) = comment.strip_prefix("verdict source:") {
                let word: String = v
                    .trim()
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect();
                source = Some(match word.as_str() {
                    "seed" => Source::Seed,
                    "official" => Source::Official,
                    "derived" => Source::Derived,
                    _ => return err(n, "verdict source starts with seed, official or derived"),
                });
            } else if let Some(v) = comment.strip_prefix("diagram as printed:") {
                let rows: Vec<Vec<char>> =
                    v.split_whitespace().map(|r| r.chars().collect()).collect();
                if rows.is_empty() || rows.iter().any(|r| r.len() != rows[0].len()) {
                    return err(n, "printed diagram rows must be non-empty and equally wide");
                }
                diagrams.push((n, rows));
            } else if let Some(v) = comment.strip_prefix("placement:") {
                placements.push((n, v.trim().to_string()));
            }
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["size", s] => {
                let s: usize = s.parse().or_else(|_| err(n, format!("bad size {s:?}")))?;
                size = Some(BoardSize::new(s).or_else(|e| err(n, e.to_string()))?);
            }
            ["to-move", "black"] => to_move = Some(Color::Black),
            ["to-move", "white"] => to_move = Some(Color::White),
            ["result", "no-result"] => result = Some(GameResult::NoResult),
            ["position"] | ["status"] => {
                let Some(size) = size else {
                    return err(n, "`size` must come before the grids");
                };
                let mut grid = Vec::new();
                while grid.len() < size.get() {
                    let Some(&(m, row)) = lines.get(i) else {
                        return err(n, format!("{} needs {} rows", words[0], size.get()));
                    };
                    i += 1;
                    let cells: Vec<&str> = row.split(' ').collect();
                    if cells.len() != size.get() || cells.iter().any(|c| c.chars().count() != 1) {
                        return err(
                            m,
                            format!(
                                "a row is {} one-character cells split by single spaces",
                                size.get()
                            ),
                        );
                    }
                    grid.push(
                        cells
                            .iter()
                            .map(|c| c.chars().next().unwrap_or(' '))
                            .collect(),
                    );
                }
                if words[0] == "position" {
                    stones = Some(grid);
                } else {
                    statuses = Some(grid);
                }
            }
            _ => return err(n, format!("unknown line {line:?}")),
        }
    }
    let Some(size) = size else {
        return err(0, "no `size` line");
    };
    let (Some(stones), Some(statuses)) = (stones, statuses) else {
        return err(0, "a fixture needs a `position` and a `status` grid");
    };
    let Some(source) = source else {
        return err(0, "no `# verdict source:` line");
    };
    if diagrams.len() != placements.len() {
        return err(0, "every `# diagram as printed:` needs one `# placement:`");
    }
    let mut printed = Vec::new();
    for ((_, rows), (n, placement)) in diagrams.into_iter().zip(placements) {
        printed.push(parse_placement(n, rows, &placement)?);
    }
    let position = build(size, &stones)?;
    let mut status = vec![Status::Open; size.points()];
    for (y, row) in statuses.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let Some(s) = Status::from_letter(c) else {
                return err(0, format!("status ({x},{y}): unknown letter {c:?}"));
            };
            let v = size
                .vertex(Point::new(x as u8, y as u8))
                .expect("on the board");
            if s.is_for_stone() != position.stone(v).is_some() {
                return err(
                    0,
                    format!(
                        "status ({x},{y}): {c:?} does not fit the cell {:?}",
                        stones[y][x]
                    ),
                );
            }
            status[v.index()] = s;
        }
    }
    Ok(Fixture {
        name: name.to_string(),
        size,
        position,
        status,
        to_move,
        result,
        verdict: verdict.join(" "),
        translation: translation.join(" "),
        source,
        printed,
    })
}

fn parse_placement(n: usize, rows: Vec<Vec<char>>, text: &str) -> Result<Printed, FixtureError> {
    let mut origin = None;
    let mut flip = None;
    let mut filled = None;
    for field in text.split_whitespace() {
        let Some((key, value)) = field.split_once('=') else {
            return err(n, format!("placement field {field:?} is not key=value"));
        };
        match key {
            "origin" => origin = Some(parse_xy(n, value)?),
            "flip" => {
                flip = Some(match value {
                    "none" => (false, false),
                    "x" => (true, false),
                    "y" => (false, true),
                    "xy" => (true, true),
                    _ => return err(n, format!("flip {value:?} is none, x, y or xy")),
                })
            }
            "filled" if value == "none" => filled = Some(Vec::new()),
            "filled" => {
                let points: Result<Vec<_>, _> = value.split(';').map(|p| parse_xy(n, p)).collect();
                filled = Some(
                    points?
                        .into_iter()
                        .map(|(x, y)| Point::new(x as u8, y as u8))
                        .collect(),
                );
            }
            _ => return err(n, format!("unknown placement field {key:?}")),
        }
    }
    let (Some(origin), Some((flip_x, flip_y)), Some(filled)) = (origin, flip, filled) else {
        return err(n, "placement needs origin=, flip= and filled=");
    };
    Ok(Printed {
        rows,
        origin,
        flip_x,
        flip_y,
        filled,
    })
}

fn parse_xy(n: usize, text: &str) -> Result<(usize, usize), FixtureError> {
    let parsed = text
        .split_once(',')
        .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)));
    parsed.map_or_else(|| err(n, format!("{text:?} is not X,Y")), Ok)
}

/// Places the stones one by one. In a legal final position no placement captures or is
/// suicide (a partial chain always keeps a liberty: its missing stones' points are still
/// empty), so any refusal or capture means the grid itself is illegal.
fn build(size: BoardSize, grid: &[Vec<char>]) -> Result<Position, FixtureError> {
    let mut position = Position::new(size);
    for (y, row) in grid.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                '.' => continue,
                _ => return err(0, format!("position ({x},{y}): {c:?} is not X, O or .")),
            };
            let v = size
                .vertex(Point::new(x as u8, y as u8))
                .expect("on the board");
            if let Err(e) = position.play(color, Some(v), Suicide::Illegal) {
                return err(0, format!("position ({x},{y}): stone refused ({e})"));
            }
        }
    }
    if position.captures(Color::Black) + position.captures(Color::White) > 0 {
        return err(
            0,
            "placing the stones captured some: a chain without liberties",
        );
    }
    Ok(position)
}

/// Where the fixtures live.
pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/go/japanese")
}

/// Every fixture, sorted by name; panics naming the file and line of the first one that
/// does not parse (these are test data: a broken file must stop the tests).
pub fn load_all() -> Vec<Fixture> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixture_dir())
        .expect("the fixture directory exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let name = p
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("UTF-8 file name");
            let text = std::fs::read_to_string(p).expect("readable fixture");
            parse(name, &text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect()
}
