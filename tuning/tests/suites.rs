//! The shipped opening suites (`tuning/openings/`): every file parses, every opening is
//! legal, and each suite has what its header promises.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use tengen::go::{BoardSize, Rules};
use tengen::renju::opening::OPENINGS;
use tengen::renju::Rule;
use tengen_tuning::openings::{parse_go_openings, parse_openings, with_colours};
use tengen_tuning::suite::position_key;

fn suite(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("openings")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn renju_suite_has_balanced_lines_of_every_standard_opening() {
    // Parsing plays every line through the referee: on the board, no point twice, no
    // foul, no five.
    let lines = parse_openings(&suite("renju-balanced-5.txt"), 15, Rule::Renju).unwrap();
    let mut by_opening: BTreeMap<&str, HashSet<_>> = BTreeMap::new();
    for line in &lines {
        assert_eq!(line.moves.len(), 5, "{line:?}");
        let (prefix, _) = line.name.split_once('-').expect("named like D4-a");
        let standard = OPENINGS
            .iter()
            .find(|o| o.name == prefix)
            .unwrap_or_else(|| panic!("{} is no standard opening", line.name));
        assert_eq!(line.moves[..3], standard.stones(15), "{}", line.name);
        let key = position_key(&with_colours(&line.moves), 15);
        assert!(
            by_opening.entry(standard.name).or_default().insert(key),
            "{} repeats a line of its opening under a symmetry",
            line.name
        );
    }
    for o in &OPENINGS {
        let n = by_opening.get(o.name).map_or(0, HashSet::len);
        assert!(n >= 2, "{}: {n} lines", o.name);
    }
    let names: HashSet<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names.len(), lines.len(), "names are unique");
}

#[test]
fn go_suites_are_legal_and_distinct() {
    for (file, n) in [
        ("go-9x9.txt", 9),
        ("go-13x13.txt", 13),
        ("go-19x19.txt", 19),
    ] {
        let size = BoardSize::new(n).unwrap();
        let text = suite(file);
        assert!(text.contains("komi 7.5"), "{file}: header names the komi");
        // Parsing plays every opening through the rules core.
        let openings = parse_go_openings(&text, size, Rules::chinese()).unwrap();
        assert!(openings.len() >= 20, "{file}: {} openings", openings.len());
        let mut keys = HashSet::new();
        for o in &openings {
            assert!((2..=4).contains(&o.moves.len()), "{file}: {o:?}");
            let stones: Vec<_> = with_colours(&o.moves)
                .into_iter()
                .map(|(p, c)| (p.expect("no passes"), c))
                .collect();
            assert!(
                keys.insert(position_key(&stones, n)),
                "{file}: {o:?} repeats"
            );
        }
    }
}
