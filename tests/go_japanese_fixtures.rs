//! The Japanese 1989 life-and-death fixtures are well formed and agree with facts that need
//! no rules engine: the printed diagram of the seed sits where the fixture says, with its
//! edges on the board's edges; every chain has a liberty; a chain has one status; territory
//! touches only its owner's living stones; seki stones touch a neutral point and plain
//! living stones touch no dame. Whether the verdicts are right is the engine's test, not
//! this one's.

mod common;

use common::go_fixture::{load_all, Fixture, Printed, Source, Status};
use std::collections::{BTreeMap, BTreeSet};
use tengen::core::{Color, Point};

fn neighbours(f: &Fixture, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
    let n = f.size.get();
    let (x, y) = (x as isize, y as isize);
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < n as isize && b < n as isize)
        .map(|(a, b)| (a as usize, b as usize))
}

/// The connected set of points around `(x, y)` for which `same` holds.
fn flood(
    f: &Fixture,
    x: usize,
    y: usize,
    same: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut seen = BTreeSet::from([(x, y)]);
    let mut todo = vec![(x, y)];
    while let Some((a, b)) = todo.pop() {
        for q in neighbours(f, a, b) {
            if same(q.0, q.1) && seen.insert(q) {
                todo.push(q);
            }
        }
    }
    seen.into_iter().collect()
}

fn points(f: &Fixture) -> impl Iterator<Item = (usize, usize)> {
    let n = f.size.get();
    (0..n).flat_map(move |y| (0..n).map(move |x| (x, y)))
}

#[test]
fn fixtures_parse_and_are_listed_in_the_readme_with_their_source() {
    let fixtures = load_all();
    assert!(fixtures.len() >= 20, "only {} fixtures", fixtures.len());
    let readme = std::fs::read_to_string(common::go_fixture::fixture_dir().join("README.md"))
        .expect("README.md next to the fixtures");
    // Rows `| name | transcribed, <source> ... | verdict |`.
    let listed: BTreeMap<String, String> = readme
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let source = cells.get(2)?.strip_prefix("transcribed, ")?;
            let word = source.split(|c: char| !c.is_ascii_alphabetic()).next()?;
            Some((cells[1].to_string(), word.to_string()))
        })
        .collect();
    let files: BTreeMap<String, String> = fixtures
        .iter()
        .map(|f| {
            let word = match f.source {
                Source::Seed => "seed",
                Source::Official => "official",
                Source::Derived => "derived",
            };
            (f.name.clone(), word.to_string())
        })
        .collect();
    assert_eq!(
        listed, files,
        "README rows marked `transcribed` and the fixture files differ"
    );
    for f in &fixtures {
        let shape_ok = f
            .name
            .strip_prefix("ex")
            .or_else(|| f.name.strip_prefix("ref"))
            .is_some_and(|rest| {
                rest.split('-')
                    .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
            });
        assert!(
            shape_ok,
            "{}: names are exNN, exNN-K or refNN-K[-k]",
            f.name
        );
        assert!(!f.verdict.is_empty(), "{}: no `# seed verdict:`", f.name);
        assert!(!f.translation.is_empty(), "{}: no `# translation:`", f.name);
        assert!(!f.printed.is_empty(), "{}: no printed diagram", f.name);
    }
}

/// Printed characters: the stone they show, or `None` for an empty point (box drawing
/// characters, letters marking points, `×`).
fn printed_stone(c: char) -> Result<Option<Color>, char> {
    match c {
        '●' | '▲' => Ok(Some(Color::Black)),
        // The seed marks white stones with △ and □ where its text names them (死活例24).
        '○' | '△' | '□' => Ok(Some(Color::White)),
        '┌' | '┬' | '┐' | '├' | '┼' | '┤' | '└' | '┴' | '┘' | '×' => Ok(None),
        c if c.is_ascii_alphabetic() => Ok(None),
        other => Err(other),
    }
}

/// The board edges a box-drawing character says its point lies on: left, right, top, bottom.
fn printed_edges(c: char) -> Option<[bool; 4]> {
    Some(match c {
        '┌' => [true, false, true, false],
        '┬' => [false, false, true, false],
        '┐' => [false, true, true, false],
        '├' => [true, false, false, false],
        '┼' => [false, false, false, false],
        '┤' => [false, true, false, false],
        '└' => [true, false, false, true],
        '┴' => [false, false, false, true],
        '┘' => [false, true, false, true],
        _ => return None,
    })
}

fn check_printed(f: &Fixture, d: &Printed) {
    let n = f.size.get();
    let mut box_points = BTreeSet::new();
    for (r, row) in d.rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let p = d.board_point(c, r);
            let (x, y) = (usize::from(p.x), usize::from(p.y));
            assert!(
                x < n && y < n,
                "{}: printed ({c},{r}) falls off the board",
                f.name
            );
            let printed =
                printed_stone(ch).unwrap_or_else(|o| panic!("{}: unknown printed {o:?}", f.name));
            let on_board = f.stone_at(x, y);
            if let Some(mut e) = printed_edges(ch) {
                box_points.insert(p);
                if d.flip_x {
                    e.swap(0, 1);
                }
                if d.flip_y {
                    e.swap(2, 3);
                }
                let actual = [x == 0, x == n - 1, y == 0, y == n - 1];
                assert_eq!(
                    e, actual,
                    "{}: printed {ch:?} at ({c},{r}) lands on ({x},{y})",
                    f.name
                );
                if on_board.is_some() {
                    assert!(
                        d.filled.contains(&p),
                        "{}: ({x},{y}) printed empty but holds a stone",
                        f.name
                    );
                }
            } else {
                assert_eq!(
                    on_board, printed,
                    "{}: printed {ch:?} at ({c},{r}) vs board ({x},{y})",
                    f.name
                );
            }
        }
    }
    for p in &d.filled {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        assert!(
            box_points.contains(p),
            "{}: filled ({x},{y}) is not a printed empty point",
            f.name
        );
        assert!(
            f.stone_at(x, y).is_some(),
            "{}: filled ({x},{y}) holds no stone",
            f.name
        );
    }
}

#[test]
fn printed_diagrams_sit_where_the_placement_says() {
    for f in load_all() {
        for d in &f.printed {
            check_printed(&f, d);
        }
    }
}

#[test]
fn every_chain_has_a_liberty_and_one_status() {
    for f in load_all() {
        for (x, y) in points(&f) {
            let Some(color) = f.stone_at(x, y) else {
                continue;
            };
            let v = f.vertex(x, y);
            assert!(
                !f.position.liberties(v).is_empty(),
                "{}: chain at ({x},{y}) has no liberty",
                f.name
            );
            let chain = flood(&f, x, y, |a, b| f.stone_at(a, b) == Some(color));
            let status = f.status_at(x, y);
            for (a, b) in chain {
                assert_eq!(
                    f.status_at(a, b),
                    status,
                    "{}: chain of ({x},{y}) has two statuses",
                    f.name
                );
            }
        }
    }
}

#[test]
fn territory_touches_only_its_owners_living_stones() {
    for f in load_all() {
        // Regions of empty points and dead stones, as if the dead stones were lifted.
        let open =
            |a: usize, b: usize| f.stone_at(a, b).is_none() || f.status_at(a, b) == Status::Dead;
        for (x, y) in points(&f) {
            let owner = match f.status_at(x, y) {
                Status::BlackTerritory => Color::Black,
                Status::WhiteTerritory => Color::White,
                _ => continue,
            };
            let region = flood(&f, x, y, open);
            for &(a, b) in &region {
                if f.stone_at(a, b).is_none() {
                    let s = f.status_at(a, b);
                    assert!(
                        !matches!(s, Status::BlackTerritory | Status::WhiteTerritory)
                            || s == f.status_at(x, y),
                        "{}: ({x},{y}) and ({a},{b}) are territory of both players in one region",
                        f.name
                    );
                }
                for (c, d) in neighbours(&f, a, b) {
                    if !open(c, d) {
                        assert_eq!(
                            f.stone_at(c, d),
                            Some(owner),
                            "{}: territory ({x},{y}) reaches the living stone ({c},{d})",
                            f.name
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn seki_stones_have_a_neutral_point_and_alive_stones_no_dame() {
    for f in load_all() {
        let living = |a: usize, b: usize| matches!(f.status_at(a, b), Status::Alive | Status::Seki);
        for (x, y) in points(&f) {
            let Some(color) = f.stone_at(x, y) else {
                continue;
            };
            let status = f.status_at(x, y);
            let chain = flood(&f, x, y, |a, b| f.stone_at(a, b) == Some(color));
            let neutral: Vec<(usize, usize)> = chain
                .iter()
                .flat_map(|&(a, b)| neighbours(&f, a, b))
                .filter(|&(a, b)| {
                    f.stone_at(a, b).is_none() && f.status_at(a, b) == Status::Neutral
                })
                .collect();
            match status {
                Status::Seki => assert!(
                    !neutral.is_empty(),
                    "{}: seki chain ({x},{y}) touches no neutral point",
                    f.name
                ),
                Status::Alive => {
                    // A neutral point next to a plain living chain can only be the eye of
                    // some other seki chain of the same colour, never a point shared with
                    // the opponent's living stones (that would be dame: art. 8).
                    for (a, b) in neutral {
                        let shared = neighbours(&f, a, b)
                            .any(|(c, d)| f.stone_at(c, d) == Some(!color) && living(c, d));
                        assert!(
                            !shared,
                            "{}: alive chain ({x},{y}) touches the dame ({a},{b})",
                            f.name
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn no_point_is_left_open() {
    for f in load_all() {
        let open: Vec<Point> = points(&f)
            .filter(|&(x, y)| f.status_at(x, y) == Status::Open)
            .map(|(x, y)| Point::new(x as u8, y as u8))
            .collect();
        assert!(open.is_empty(), "{}: points left open: {open:?}", f.name);
    }
}
