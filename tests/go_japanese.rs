//! The life-and-death examples of the Japanese 1989 rules' official commentary (死活例1–25
//! and the numbered reference figures), transcribed in `tests/fixtures/go/japanese/` with
//! the seed's verdict for every point, against the scorer (Japanese art. 8: seki stones,
//! dame, territory, given the seed's dead stones).

mod common;

use common::go_fixture::{load_all, Fixture, Status};
use tengen::core::Color;
use tengen::go::{score, Points, Rules};

fn seed_dead(f: &Fixture) -> Points {
    f.size
        .vertices()
        .filter(|v| f.status[v.index()] == Status::Dead)
        .map(|v| v.index())
        .collect()
}

#[test]
fn the_scorer_classifies_every_point_as_the_seed_does() {
    let fixtures = load_all();
    assert!(fixtures.len() >= 15, "only {} fixtures", fixtures.len());
    let mut wrong = Vec::new();
    for f in &fixtures {
        let dead = seed_dead(f);
        let s = score(&f.position, dead, [0, 0], &Rules::japanese()).unwrap();
        let r = &s.regions;
        for v in f.size.vertices() {
            let i = v.index();
            let ours = match f.position.stone(v) {
                Some(_) if dead.contains(i) => Status::Dead,
                Some(_) if r.seki.contains(i) => Status::Seki,
                Some(_) => Status::Alive,
                None if r.seki_eyes.contains(i) => Status::Neutral,
                None if r.eyes[Color::Black.index()].contains(i) => Status::BlackTerritory,
                None if r.eyes[Color::White.index()].contains(i) => Status::WhiteTerritory,
                None => Status::Neutral,
            };
            let seed = f.status[i];
            if seed != Status::Open && ours != seed {
                wrong.push(format!(
                    "{} {:?}: seed {seed:?}, ours {ours:?}",
                    f.name,
                    f.size.point(v)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
