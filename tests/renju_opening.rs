//! Opening rules (RIF 1996, Yamaguchi, Soosõrv-8, Taraguchi-10): classification, symmetry,
//! areas, phases, and the `OPENING` command with tiny search budgets.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen::core::{Color, Point};
use tengen::protocol::opening::answer;
use tengen::renju::notation::parse_position;
use tengen::renju::opening::{
    classify, distinct_under_symmetry, equivalent, in_central_square, symmetries_of,
    taraguchi_area, Opening, OpeningError, OpeningRule, Phase, Symmetry, OPENINGS,
};
use tengen::renju::search::{opening as decide, Engine};
use tengen::renju::{Board, Rule};

const T: Duration = Duration::from_millis(15);

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// A 15x15 renju board with `stones` put Black, White, Black, … .
fn board(stones: &[(u8, u8)]) -> Board {
    board_sized(15, stones)
}

/// A `size` renju board with `stones` put Black, White, Black, … .
fn board_sized(size: usize, stones: &[(u8, u8)]) -> Board {
    let mut b = Board::new(size, Rule::Renju).unwrap();
    for (i, &(x, y)) in stones.iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.put(p(x, y), c).unwrap();
    }
    b
}

/// D1 (h8, h9, h10) with White's 4th on h7: symmetric left to right.
fn d1_symmetric() -> Board {
    board(&[(7, 7), (7, 6), (7, 5), (7, 8)])
}

fn parse_points(reply: &str) -> Vec<Point> {
    reply
        .split_whitespace()
        .filter(|w| w.contains(','))
        .map(|w| {
            let (x, y) = w.split_once(',').unwrap();
            p(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn ask(args: &str, b: &Board) -> Result<String, String> {
    answer(args, b, &Engine::new(1, 1), T, &AtomicBool::new(false))
}

#[test]
fn every_opening_is_classified_under_every_symmetry() {
    for size in [15, 13] {
        for o in OPENINGS {
            for s in Symmetry::ALL {
                let stones: Vec<(u8, u8)> = o
                    .stones(size)
                    .iter()
                    .map(|&q| s.apply(q, size).unwrap())
                    .map(|q| (q.x, q.y))
                    .collect();
                let b = board_sized(size, &stones);
                assert_eq!(
                    classify(&b).map(|c| c.name),
                    Some(o.name),
                    "{} under {s:?}",
                    o.name
                );
            }
        }
    }
}

#[test]
fn non_openings_are_not_classified() {
    // Third stone outside the 5x5 square.
    assert_eq!(classify(&board(&[(7, 7), (7, 6), (7, 4)])), None);
    // First stone off the centre.
    assert_eq!(classify(&board(&[(6, 7), (6, 6), (6, 5)])), None);
    // Second stone not next to the centre.
    assert_eq!(classify(&board(&[(7, 7), (7, 5), (7, 6)])), None);
    // Colours the wrong way round: two White stones.
    let mut b = Board::new(15, Rule::Renju).unwrap();
    b.put(p(7, 7), Color::Black).unwrap();
    b.put(p(7, 6), Color::White).unwrap();
    b.put(p(7, 5), Color::White).unwrap();
    assert_eq!(classify(&b), None);
    // Not three stones.
    assert_eq!(classify(&board(&[(7, 7), (7, 6)])), None);
    assert_eq!(classify(&d1_symmetric()), None);
}

#[test]
fn symmetries_are_bijections_and_a_group() {
    for size in [15, 16] {
        for s in Symmetry::ALL {
            let mut seen = std::collections::HashSet::new();
            for y in 0..size as u8 {
                for x in 0..size as u8 {
                    let q = s.apply(p(x, y), size).unwrap();
                    assert!((q.x as usize) < size && (q.y as usize) < size);
                    seen.insert(q);
                }
            }
            assert_eq!(seen.len(), size * size, "{s:?} on {size}");
        }
        let q = p(3, 1);
        let r = |q| Symmetry::Rotate90.apply(q, size).unwrap();
        assert_eq!(r(r(r(r(q)))), q);
        assert_eq!(r(r(q)), Symmetry::Rotate180.apply(q, size).unwrap());
    }
    assert_eq!(Symmetry::Rotate90.apply(p(20, 0), 15), None);
}

#[test]
fn position_symmetries() {
    assert_eq!(symmetries_of(&board(&[])).len(), 8);
    assert_eq!(symmetries_of(&board(&[(7, 7)])).len(), 8);
    // D1 keeps the left-right mirror; so does a 4th stone on its axis.
    let d1 = board(&OPENINGS[0].stones(15).map(|q| (q.x, q.y)));
    assert_eq!(
        symmetries_of(&d1),
        vec![Symmetry::Identity, Symmetry::MirrorX]
    );
    assert_eq!(
        symmetries_of(&d1_symmetric()),
        vec![Symmetry::Identity, Symmetry::MirrorX]
    );
    // An off-axis 4th stone breaks it.
    assert_eq!(
        symmetries_of(&board(&[(7, 7), (7, 6), (7, 5), (8, 8)])),
        vec![Symmetry::Identity]
    );
}

#[test]
fn symmetric_fifth_moves_collapse() {
    let b = d1_symmetric();
    let pts = [p(6, 6), p(8, 6), p(6, 7), p(8, 7), p(7, 9), p(6, 6)];
    assert_eq!(
        distinct_under_symmetry(&b, &pts),
        vec![p(6, 6), p(6, 7), p(7, 9)]
    );
    assert!(equivalent(&b, p(6, 8), p(8, 8)));
    assert!(!equivalent(&b, p(6, 8), p(8, 6)));
    // Without the symmetry the mirror points are different.
    let asym = board(&[(7, 7), (7, 6), (7, 5), (8, 8)]);
    assert_eq!(distinct_under_symmetry(&asym, &pts).len(), 5);
}

#[test]
fn offers_are_non_symmetric_and_legal() {
    let engine = Engine::new(1, 1);
    let stop = AtomicBool::new(false);
    let b = d1_symmetric();
    for (rule, n) in [
        (OpeningRule::Rif, 2),
        (OpeningRule::Yamaguchi, 5),
        (OpeningRule::Soosorv8, 8),
        (OpeningRule::Taraguchi10, 10),
    ] {
        let offers = decide::offer_fifth(&engine, &b, rule, n, T, &stop).unwrap();
        assert_eq!(offers.len(), n, "{rule}");
        assert_eq!(rule.check_offers(&b, &offers), Ok(()), "{rule}");
        for (i, &a) in offers.iter().enumerate() {
            assert!(b.stone(a).is_none() && b.foul(a).is_none());
            for &c in &offers[..i] {
                assert!(!equivalent(&b, a, c), "{rule}: {a:?} ~ {c:?}");
            }
        }
    }
    // The text front end gives the same kind of answer.
    let reply = ask("taraguchi10 OFFER 10", &b).unwrap();
    let offers = parse_points(&reply);
    assert_eq!(OpeningRule::Taraguchi10.check_offers(&b, &offers), Ok(()));
}

#[test]
fn offer_checks_reject_bad_sets() {
    let b = d1_symmetric();
    let rif = OpeningRule::Rif;
    assert_eq!(
        rif.check_offers(&b, &[p(6, 6), p(8, 6)]),
        Err(OpeningError::Symmetric(p(6, 6), p(8, 6)))
    );
    assert_eq!(
        rif.check_offers(&b, &[p(6, 6), p(6, 6)]),
        Err(OpeningError::Repeated(p(6, 6)))
    );
    assert_eq!(
        rif.check_offers(&b, &[p(6, 6), p(7, 7)]),
        Err(OpeningError::Occupied(p(7, 7)))
    );
    assert_eq!(
        rif.check_offers(&b, &[p(6, 6), p(15, 0)]),
        Err(OpeningError::OffBoard(p(15, 0)))
    );
    assert!(matches!(
        rif.check_offers(&b, &[p(6, 6)]),
        Err(OpeningError::OfferCount { count: 1, .. })
    ));
    // g8 is a double-three for Black here: never a valid offer.
    let fouled = parse_position("h8 a1 i8 a2 h9 a3 i10 a4", 15, Rule::Renju).unwrap();
    assert!(fouled.foul(p(6, 7)).is_some());
    assert_eq!(
        rif.check_offers(&fouled, &[p(6, 7), p(0, 14)]),
        Err(OpeningError::Forbidden(p(6, 7)))
    );
}

#[test]
fn choose_picks_an_offered_point() {
    let b = board(&[(7, 7), (8, 6), (9, 7), (6, 6)]);
    let offers = [p(8, 8), p(9, 6), p(5, 8)];
    let engine = Engine::new(1, 1);
    let stop = AtomicBool::new(false);
    let pick =
        decide::choose_fifth(&engine, &b, OpeningRule::Yamaguchi, &offers, T, &stop).unwrap();
    assert!(offers.contains(&pick));
    let reply = ask("soosorv8 CHOOSE 8,8 9,6 5,8", &b).unwrap();
    assert!(offers.contains(&parse_points(&reply)[0]), "{reply}");
    // RIF takes exactly two; symmetric offers are refused.
    assert!(ask("rif CHOOSE 8,8 9,6 5,8", &b).is_err());
    assert!(ask("rif choose 6,6 8,6", &d1_symmetric()).is_err());
    assert!(ask("rif CHOOSE 6,6 8,7", &d1_symmetric()).is_ok());
}

#[test]
fn taraguchi_areas() {
    assert_eq!(
        (1..=6).map(taraguchi_area).collect::<Vec<_>>(),
        vec![Some(1), Some(3), Some(5), Some(7), Some(9), None]
    );
    assert!(in_central_square(p(7, 7), 15, 1));
    assert!(!in_central_square(p(8, 7), 15, 1));
    assert!(in_central_square(p(3, 11), 15, 9));
    assert!(!in_central_square(p(2, 7), 15, 9));
    let t = OpeningRule::Taraguchi10;
    assert_eq!(t.check_position(&board(&[(7, 7), (8, 8), (5, 9)])), Ok(()));
    assert_eq!(
        t.check_position(&board(&[(7, 7), (9, 7)])),
        Err(OpeningError::OutsideArea {
            move_number: 2,
            point: p(9, 7),
            side: 3
        })
    );
    assert!(t
        .check_position(&board(&[(7, 7), (8, 8), (5, 9), (4, 4)]))
        .is_ok());
    assert!(t
        .check_position(&board(&[(7, 7), (8, 8), (5, 9), (3, 4)]))
        .is_err());
    assert!(t
        .check_position(&board(&[(7, 7), (8, 8), (5, 9), (4, 4), (11, 3)]))
        .is_ok());
    assert!(t
        .check_position(&board(&[(7, 7), (8, 8), (5, 9), (4, 4), (12, 3)]))
        .is_err());
    // Moves 2–5 chosen by the engine stay inside their squares.
    let mut b = board(&[(7, 7)]);
    for move_number in 2..=5 {
        let reply = ask("taraguchi10 MOVE", &b).unwrap();
        let q = parse_points(&reply)[0];
        assert!(in_central_square(q, 15, 2 * move_number - 1), "{reply}");
        let c = if move_number % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        b.put(q, c).unwrap();
    }
    assert_eq!(t.check_position(&b), Ok(()));
    // The third move made one of the 26 openings.
    b.undo();
    b.undo();
    assert!(classify(&b).is_some());
}

#[test]
fn phases_per_rule_and_stone_count() {
    use OpeningRule::*;
    assert!(Rif.allows(Phase::Open, 0) && !Rif.allows(Phase::Open, 1));
    assert!(Rif.allows(Phase::Swap, 3) && !Rif.allows(Phase::Swap, 4));
    assert!(Soosorv8.allows(Phase::Swap, 4) && !Yamaguchi.allows(Phase::Swap, 4));
    assert!((1..=5).all(|n| Taraguchi10.allows(Phase::Swap, n)));
    assert!(!Taraguchi10.allows(Phase::Swap, 6));
    assert!(Taraguchi10.allows(Phase::Move, 4) && !Rif.allows(Phase::Move, 4));
    for r in OpeningRule::ALL {
        assert!(r.allows(Phase::Offer, 4) && !r.allows(Phase::Offer, 3));
        assert!(r.allows(Phase::Choose, 4) && !r.allows(Phase::Choose, 5));
        assert_eq!(r.to_string().parse::<OpeningRule>(), Ok(r));
    }
    assert_eq!("Taraguchi-10".parse::<OpeningRule>(), Ok(Taraguchi10));
    // Stones must alternate from Black, and the first three make an opening.
    let mut b = Board::new(15, Rule::Renju).unwrap();
    b.put(p(7, 7), Color::White).unwrap();
    assert_eq!(
        Taraguchi10.check_phase(Phase::Swap, &b),
        Err(OpeningError::WrongColour { move_number: 1 })
    );
    assert_eq!(
        Rif.check_phase(Phase::Swap, &board(&[(7, 7), (7, 6), (7, 3)])),
        Err(OpeningError::NotAnOpening)
    );
}

#[test]
fn command_errors() {
    let empty = board(&[]);
    let d1 = board(&[(7, 7), (7, 6), (7, 5)]);
    let four = d1_symmetric();
    for (args, b) in [
        ("rif OFFER 2", &empty),      // OFFER on an empty board
        ("rif SWAP", &empty),         // nothing to swap
        ("rif OPEN", &d1),            // the board is not empty
        ("rif MOVE", &four),          // the 4th move is already there
        ("rif SWAP", &four),          // RIF has one swap only
        ("renju OPEN", &empty),       // unknown rule
        ("", &empty),                 // no rule
        ("rif", &empty),              // no phase
        ("rif PASS", &empty),         // unknown phase
        ("rif OPEN now", &empty),     // extra argument
        ("rif OFFER", &four),         // missing count
        ("rif OFFER two", &four),     // bad count
        ("rif OFFER 3", &four),       // RIF offers two
        ("soosorv8 OFFER 9", &four),  // at most eight
        ("yamaguchi OFFER 0", &four), // at least one
        ("rif OFFER 2 2", &four),     // extra argument
        ("rif CHOOSE", &four),        // nothing offered
        ("rif CHOOSE 6;6 8,7", &four),
        ("rif CHOOSE a,b 8,7", &four),
        ("rif CHOOSE 6,6 300,7", &four),
        ("rif CHOOSE 6,6 99,7", &four), // off the board
        ("rif CHOOSE 6,6 7,7", &four),  // occupied
        ("rif SWAP 3", &d1),            // RIF offers two
        ("taraguchi10 SWAP 2", &d1),    // no count to give here
        ("taraguchi10 MOVE", &board(&[(7, 7), (9, 9)])), // move 2 outside 3x3
    ] {
        let r = ask(args, b);
        assert!(r.is_err(), "{args:?} gave {r:?}");
        assert!(!r.unwrap_err().is_empty());
    }
    assert!(ask("rif OFFER 2", &empty)
        .unwrap_err()
        .contains("no OFFER phase with 0 stones"));
    assert!(ask("renju OPEN", &empty)
        .unwrap_err()
        .contains("unknown opening rule"));
}

#[test]
fn open_replies_form_openings() {
    let empty = board(&[]);
    for rule in ["rif", "yamaguchi", "soosorv8"] {
        let reply = ask(&format!("{rule} OPEN"), &empty).unwrap();
        let stones = parse_points(&reply);
        assert_eq!(stones.len(), 3, "{reply}");
        let b = board(&stones.iter().map(|q| (q.x, q.y)).collect::<Vec<_>>());
        assert!(classify(&b).is_some(), "{reply}");
        let words = reply.split_whitespace().count();
        if rule == "yamaguchi" {
            assert_eq!(words, 4, "{reply}");
            let n: usize = reply.rsplit(' ').next().unwrap().parse().unwrap();
            assert!((1..=decide::MAX_DECLARED_OFFERS).contains(&n));
        } else {
            assert_eq!(words, 3, "{reply}");
        }
    }
    assert_eq!(ask("TARAGUCHI10 open", &empty), Ok("7,7".to_string()));
    let c = decide::choose_opening(
        &Engine::new(1, 1),
        OpeningRule::Rif,
        15,
        T,
        &AtomicBool::new(false),
    );
    let o: &Opening = c.opening.unwrap();
    assert_eq!(c.stones, o.stones(15).to_vec());
}

#[test]
fn swap_and_move_replies() {
    let d1 = board(&[(7, 7), (7, 6), (7, 5)]);
    for args in ["rif SWAP", "yamaguchi SWAP 3", "soosorv8 SWAP"] {
        let r = ask(args, &d1).unwrap();
        assert!(r == "SWAP" || r == "NOSWAP", "{args}: {r}");
    }
    let four = d1_symmetric();
    for args in ["soosorv8 SWAP", "soosorv8 SWAP 3", "taraguchi10 SWAP"] {
        let r = ask(args, &four).unwrap();
        assert!(r == "SWAP" || r == "NOSWAP", "{args}: {r}");
    }
    // RIF's 4th move anywhere, a single point.
    let r = ask("rif MOVE", &d1).unwrap();
    let q = parse_points(&r);
    assert_eq!((q.len(), r.split_whitespace().count()), (1, 1), "{r}");
    assert!(d1.stone(q[0]).is_none());
    // Soosõrv-8's 4th move declares 1..=8 offers.
    let r = ask("soosorv8 MOVE", &d1).unwrap();
    let words: Vec<&str> = r.split_whitespace().collect();
    assert_eq!(words.len(), 2, "{r}");
    assert!(d1.stone(parse_points(words[0])[0]).is_none());
    let n: usize = words[1].parse().unwrap();
    assert!((1..=8).contains(&n), "{r}");
}

#[test]
fn a_set_stop_flag_still_answers() {
    let stop = AtomicBool::new(true);
    let engine = Engine::new(1, 1);
    let b = d1_symmetric();
    let offers = decide::offer_fifth(&engine, &b, OpeningRule::Soosorv8, 8, T, &stop).unwrap();
    assert_eq!(OpeningRule::Soosorv8.check_offers(&b, &offers), Ok(()));
    let r = answer("yamaguchi OPEN", &board(&[]), &engine, T, &stop).unwrap();
    assert_eq!(parse_points(&r).len(), 3);
    // An unbounded budget is no overflow: the stop flag ends every search at once.
    let r = answer("rif OFFER 2", &b, &engine, Duration::MAX, &stop).unwrap();
    assert_eq!(parse_points(&r).len(), 2);
}
