//! The life-and-death analyser on the examples of the official commentary of the Japanese
//! 1989 rules (tests/fixtures/go/japanese, read by tests/common/go_fixture.rs).
//!
//! Each fixture is analysed as it stands, with nothing assumed: its completion makes the
//! outer walls unconditionally alive, so the analyser proves them itself. Wherever the
//! analyser decides a stone it must agree with the fixture: dead stones dead, living ones
//! (alive or seki) living. The fixtures mark seki as art. 8 does (every living stone next to
//! a dame), where the analyser's [`Status::Seki`] means a chain living by a shared liberty;
//! so for seki the test goes through the scorer instead: where every stone is decided, the
//! art. 8 regions ([`Regions`]) of the analyser's dead stones must give the fixture's
//! status of every point, seki stones and territory included.
//!
//! The search budget here is a fifth of the default, to keep the suite fast. Fixtures
//! marked `full` are decided stone by stone at that budget; the others keep some stones
//! unknown (the reasons are in the comments of the list at the bottom).

mod common;

use common::go_fixture::{fixture_dir, parse, Fixture, Status as Expected};
use tengen::core::Color;
use tengen::go::{LifeAndDeath, LifeOptions, Regions, Rules, Status};

fn load(name: &str) -> Fixture {
    let path = fixture_dir().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).expect("the fixture file");
    parse(name, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// How much of a fixture the analyser decides at the test budget.
#[derive(PartialEq)]
enum Decided {
    /// Every stone.
    Full,
    /// Some stones stay unknown.
    Partly,
}

fn check(name: &str, decided: Decided) {
    let fx = load(name);
    let options = LifeOptions {
        nodes_per_chain: 100_000,
        nodes_in_all: 600_000,
        ..LifeOptions::default()
    };
    let verdict = LifeAndDeath::analyse_with(&fx.position, &Rules::japanese(), &options);
    let n = fx.size.get();
    let mut wrong = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let (want, got) = (fx.status_at(x, y), verdict.status(fx.vertex(x, y)));
            let agrees = match got {
                None | Some(Status::Unknown) => true,
                Some(Status::Dead) => want == Expected::Dead,
                Some(Status::Alive | Status::Seki) => {
                    matches!(want, Expected::Alive | Expected::Seki)
                }
            };
            if !agrees {
                wrong.push(format!(
                    "({x},{y}): the fixture says {want:?}, we say {got:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{name}:\n{}", wrong.join("\n"));
    let unknown = verdict.unknown_stones();
    if decided == Decided::Full {
        assert!(
            unknown.is_empty(),
            "{name}: {} stones unknown",
            unknown.len()
        );
    } else {
        assert!(
            !unknown.is_empty(),
            "{name} is decided in full now: mark it so"
        );
    }
    if !unknown.is_empty() {
        return;
    }
    // Every stone decided: art. 8 from the analyser's dead stones gives the fixture's
    // status of every point, seki stones and territory included.
    let regions = Regions::new(&fx.position, verdict.dead_stones());
    for y in 0..n {
        for x in 0..n {
            let v = fx.vertex(x, y);
            let i = v.index();
            let got = if fx.position.stone(v).is_some() {
                if verdict.dead_stones().contains(i) {
                    Expected::Dead
                } else if regions.seki.contains(i) {
                    Expected::Seki
                } else {
                    Expected::Alive
                }
            } else if regions.dame.contains(i) || regions.seki_eyes.contains(i) {
                Expected::Neutral
            } else if regions.eyes[Color::Black.index()].contains(i) {
                Expected::BlackTerritory
            } else {
                Expected::WhiteTerritory
            };
            let want = fx.status_at(x, y);
            if got != want {
                wrong.push(format!(
                    "({x},{y}): the fixture says {want:?}, art. 8 {got:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{name}:\n{}", wrong.join("\n"));
}

macro_rules! fixtures {
    ($($test:ident: $name:literal $decided:ident;)*) => {
        $(
            #[test]
            fn $test() {
                check($name, Decided::$decided);
            }
        )*
    };
}

fixtures! {
    example_01_seki_without_capture: "ex01" Full;
    example_02_no_defence_needed: "ex02" Full;
    // Both White groups are alive (in seki with the Black corner) by miai: Black, moving
    // first, can capture either White group but not both (the game "capture both" takes
    // about six thousand nodes; 269 thousand for the whole area at the test budget).
    // The two three-stone Black groups stay unknown, also at the default budget: White
    // can take either, and they live only by the Black stones that capturing the White
    // group then gives rise to (art. 7-1's second clause); their one partner, the Black
    // corner, cannot be captured, so there is no miai, and their own fights stay open.
    // Before miai, the White groups' new stones (White 4 and 6 of 1図-3図, on the other
    // White group, a partner counted when dead by its own fight alone) were out of reach:
    // at five million nodes a chain, the White groups' own fights were found lost (3.4
    // and 2.8 million nodes), but the life game counting the partner was still open
    // after 2 million more (deepened two moves at a time, still open at 15 moves after
    // 3.9 million, even with goal tests that see only Benson life), the three-stone
    // groups' own fights after 5 million.
    example_04_new_stones_elsewhere: "ex04" Partly;
    // Hane seki: a 29-point area. The corner's three Black stones and the lone one at
    // (0,5) stay unknown (also at 30 million nodes each): their life games run into lines
    // where the big groups fall and the area opens up, which do not close within the
    // depth bound. White may also decline to take them (the taking gives Black new
    // stones), and the life game then makes Black, who may not pass in it, play on:
    // there an endless play counts against Black, although art. 7-1 calls alive the
    // stones the opponent cannot take without giving rise to new ones. Counting an
    // endless play in which the chain is never taken for its owner (tried, with the
    // owner free to pass while its chain stands) leaves these stones open at 2 million
    // nodes each as well, and costs example 6 its proof: White must then take the ten
    // Black stones by force, and their game (22 thousand nodes now) stays open past 2
    // million. On 400 random small areas, drawn as the retrograde test of `confirm`
    // draws them, the two conventions differ on 31 of 1221 chains, all on the bare 3x3
    // board, none in an area bounded by a safe wall.
    example_03_hane_seki: "ex03" Partly;
    // Eternal life: the four White stones cycle for ever (the search closes the cycle
    // with about 60 thousand nodes in all, 1.4 million before the history heuristic).
    example_06_eternal_life: "ex06" Full;
    example_07_1_bent_four_in_the_corner: "ex07-1" Full;
    example_07_2_bent_four_and_ten_thousand_year_ko: "ex07-2" Full;
    example_08_triple_ko_eye_against_no_eye: "ex08" Full;
    example_09_ko_needing_a_move: "ex09" Full;
    example_10_one_move_approach_ko: "ex10" Full;
    example_11_double_ko_beside_a_dead_group: "ex11" Full;
    example_12_ten_thousand_year_ko: "ex12" Full;
    example_13_seki: "ex13" Full;
    // The lone White stone's life game spends its nodes on the nested capturing races of
    // the strip: decided in full with about 22 thousand nodes in all since capture games
    // are deepened two moves at a time (205 thousand when doubling the bound from 3).
    example_14_defence_needed_whatever_the_threats: "ex14" Full;
    // The inside is one area of 34 points, over the limit: not searched. (Searched as
    // one with 64-bit sets, 20 stones stay unknown even at ten times the test budget.)
    example_19_three_stone_nakade_against_the_corner_seki: "ex19" Partly;
    // The inside is one area of 45 points, over the limit: not searched. (Searched as one
    // with 64-bit sets, 24 stones stay unknown even at ten times the test budget.)
    example_18_collapsed_seki: "ex18" Partly;
    // Decided in full with about 54 thousand nodes in all since capture games are
    // deepened two moves at a time (450 thousand when doubling the bound from 3).
    example_22_corner_stones_need_not_be_captured: "ex22" Full;
    // The inside is one area of 37 points, over the limit: not searched. Searched as one
    // (64-bit sets), the analyser finds White's five stones around (3,0)-(4,2) alive:
    // White can make seki, as the commentary grants, which kills them only by the
    // object of the game (art. 1: the seki costs White more than it saves). The
    // confirmation of art. 7 alone does not decide this example.
    example_23_dead_by_the_object_of_the_game: "ex23" Partly;
    example_24_two_stage_ko: "ex24" Full;
    example_25_double_ko_seki: "ex25" Full;
    figure_7_6_1_two_eyes: "ref07-6-1" Full;
    figure_7_6_2_straight_four: "ref07-6-2" Full;
    figure_7_6_3_two_eyes_inside_two_eyes: "ref07-6-3" Full;
    figure_7_6_4_seki: "ref07-6-4" Full;
    figure_7_7_1_snapback: "ref07-7-1" Full;
    figure_7_7_2_snapback: "ref07-7-2" Full;
    figure_7_7_3_snapback: "ref07-7-3" Full;
    // One area of 270 points, not searched: no White stone of the three diagrams is
    // safe by itself, so the whole open board joins them into one area. Splitting it
    // would not help: the Black stones are dead only if White's stones around them
    // live, and those border the open board, where Black could attack them from
    // outside or make a living group of its own: a whole-board question that no
    // local argument settles; the seed takes it for granted (they stand in White's
    // territory). Even with every White stone vouched for (`LifeOptions::alive`), only
    // <1>'s eight stones are found dead: <2> (through (10,0)) and <3> (through its loose
    // net) still open onto the board.
    figure_7_8_dead_black_stones: "ref07-8" Partly;
    figure_7_9_ko_needing_a_move: "ref07-9" Full;
    figure_7_10_one_move_approach_ko: "ref07-10" Full;
    figure_7_11_approach_ko_beside_double_ko: "ref07-11" Full;
    figure_8_12_eyes_and_territory: "ref08-12" Full;
    figure_8_13_seki_stones_and_dame: "ref08-13" Full;
    figure_8_14_double_ko_seki: "ref08-14" Full;
    figure_8_15_dame_left_open: "ref08-15" Full;
    figure_10_16_dead_stone_in_territory: "ref10-16" Full;
}

/// Every fixture file has its test above.
#[test]
fn every_fixture_is_listed() {
    let source = include_str!("go_life_fixtures.rs");
    for entry in std::fs::read_dir(fixture_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            assert!(
                source.contains(&format!("\"{name}\"")),
                "{name} has no test"
            );
        }
    }
}
