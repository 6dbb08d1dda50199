//! `tengen go score`: the result of one final position read on stdin, under a chosen rule
//! set, for players and tests.
//!
//! The position is a board diagram ([`parse_diagram`]) or an SGF game record, replayed
//! under the rules' legality to its last move; the record's captures are then the
//! prisoners and its `KM` the komi, unless the command line gives them.
//!
//! The output is the result on the first line (`B+x`, `W+x`, `draw`, `no result`; `B+F`
//! when a rule rather than the count decides), then one line per side with the parts its
//! points are made of as the rules count them, then the komi. Unreadable input prints
//! `error: <why>` instead and the tool exits with code 1.

use super::sgf::GoRecord;
use crate::core::Color;
use crate::go::{parse_diagram, score, Komi, Points, Position, Rules, Scoring};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// What the command line chose.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set.
    pub rules: Rules,
    /// The komi, when not the preset's.
    pub komi: Option<Komi>,
    /// GTP vertices of dead stones, each naming its whole chain.
    pub dead: Vec<String>,
    /// Stones captured during play by Black and by White, when not the record's.
    pub prisoners: Option<[u32; 2]>,
}

/// Reads the position from `input`, writes the count to `output`.
pub fn run(mut input: impl Read, mut output: impl Write, options: Options) -> io::Result<ExitCode> {
    let mut text = String::new();
    let report = match input.read_to_string(&mut text) {
        Ok(_) => count(&text, &options),
        Err(e) => Err(format!("cannot read the input: {e}")),
    };
    let code = match report {
        Ok(lines) => {
            output.write_all(lines.as_bytes())?;
            ExitCode::SUCCESS
        }
        Err(why) => {
            writeln!(output, "error: {why}")?;
            ExitCode::FAILURE
        }
    };
    output.flush()?;
    Ok(code)
}

/// The report for the position in `text`, or why there is none.
fn count(text: &str, options: &Options) -> Result<String, String> {
    let mut rules = options.rules;
    let game = read_game(text, &rules)?;
    if let Some(komi) = options.komi.or(game.komi) {
        rules.komi = komi;
    }
    let dead = dead_chains(&game.position, &options.dead)?;
    let prisoners = options.prisoners.unwrap_or(game.prisoners);
    let s = score(&game.position, dead, prisoners, &rules).map_err(|e| e.to_string())?;
    let mut out = format!("{}\n", s.result);
    for c in Color::BOTH {
        let count = s.count(c);
        let mut parts = vec![format!("territory {}", count.territory)];
        match rules.scoring {
            Scoring::Territory => {
                parts.push(format!("prisoners {}", count.prisoners));
                parts.push(format!("dead {}", count.dead));
            }
            Scoring::Area | Scoring::OpPoints => parts.push(format!("stones {}", count.stones)),
        }
        let name = if c == Color::Black { "black" } else { "white" };
        out += &format!("{name}: {} = {}\n", parts.join(" + "), count.total());
    }
    out += &format!("komi: {}\n", rules.komi);
    Ok(out)
}

/// What the input says of the game.
struct Game {
    position: Position,
    prisoners: [u32; 2],
    komi: Option<Komi>,
}

/// The position in `text`: an SGF record when it starts with `(`, else a diagram.
fn read_game(text: &str, rules: &Rules) -> Result<Game, String> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if !body.starts_with('(') {
        let position = parse_diagram(text).map_err(|e| e.to_string())?;
        return Ok(Game {
            position,
            prisoners: [0, 0],
            komi: None,
        });
    }
    let record = GoRecord::from_sgf(body).map_err(|e| format!("SGF: {e}"))?;
    let komi = record
        .komi
        .map(|km| km.to_string().parse::<Komi>())
        .transpose()
        .map_err(|e| format!("SGF KM: {e}"))?;
    let board = record
        .replay(rules.legality)
        .map_err(|e| format!("SGF: {e}"))?;
    let position = board.position().clone();
    Ok(Game {
        prisoners: Color::BOTH.map(|c| position.captures(c)),
        position,
        komi,
    })
}

/// The stones of every chain a vertex of `names` is on.
fn dead_chains(position: &Position, names: &[String]) -> Result<Points, String> {
    let size = position.size();
    let mut dead = Points::EMPTY;
    for name in names {
        let v = size
            .parse_vertex(name)
            .map_err(|e| format!("--dead: {e}"))?
            .ok_or_else(|| "--dead: pass is not a stone".to_string())?;
        if position.stone(v).is_none() {
            return Err(format!(
                "--dead: {} holds no stone",
                size.vertex_name(Some(v))
            ));
        }
        dead |= position.chain(v);
    }
    Ok(dead)
}
