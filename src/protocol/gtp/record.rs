//! The game as GTP sets it up: board size, rules and komi, setup stones (handicap, a loaded
//! record's setup) and the moves, with the rules core's [`Game`] played from them. Rule and
//! komi changes replay the record under the new rules, so a refused change leaves it whole.

use crate::core::{Color, Point};
use crate::go::{BoardSize, Game, Komi, MoveError, Position, Rules, StonesError};
use crate::protocol::sgf::{GameInfo, GoRecord, Setup};

/// The game of a GTP session.
#[derive(Clone, Debug)]
pub struct Record {
    size: BoardSize,
    /// The setup stones, Black's and White's.
    setup: Setup,
    /// The number of handicap stones among the setup (SGF `HA`).
    handicap: usize,
    /// Who plays the first move after the setup.
    first: Color,
    /// The moves in order: what undo takes back and a rules change replays.
    moves: Vec<(Color, Option<Point>)>,
    game: Game,
}

/// Why a game cannot be played from a record under some rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup stones cannot stand together.
    Setup(StonesError),
    /// Move `number` (from 1) is refused.
    Move(usize, MoveError),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "setup: {e}"),
            ReplayError::Move(n, e) => write!(f, "move {n}: {e}"),
        }
    }
}

/// Plays `mv` on `game`; a game stopped by passes resumes first (controllers go on after
/// two passes when the players disagree about dead stones).
fn play_on(game: &mut Game, color: Color, mv: Option<Point>) -> Result<(), MoveError> {
    match game.play(color, mv) {
        Err(MoveError::GameOver) if game.resume() => game.play(color, mv),
        result => result,
    }
}

impl Record {
    /// An empty board of `size` under `rules`.
    pub fn new(size: BoardSize, rules: Rules) -> Record {
        Record {
            size,
            setup: Setup::default(),
            handicap: 0,
            first: Color::Black,
            moves: Vec::new(),
            game: Game::new(size, rules),
        }
    }

    /// The game played from the record under `rules`.
    fn replay(&self, rules: Rules) -> Result<Game, ReplayError> {
        let position =
            Position::with_stones(self.size, self.setup.stones()).map_err(ReplayError::Setup)?;
        let mut game = Game::with_setup(position, self.first, rules);
        for (i, &(color, mv)) in self.moves.iter().enumerate() {
            play_on(&mut game, color, mv).map_err(|e| ReplayError::Move(i + 1, e))?;
        }
        Ok(game)
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// Plays a move; on error nothing changes.
    pub fn play(&mut self, color: Color, mv: Option<Point>) -> Result<(), MoveError> {
        play_on(&mut self.game, color, mv)?;
        self.moves.push((color, mv));
        Ok(())
    }

    /// Takes back the last move; `false` when there is none (setup stones stay).
    pub fn undo(&mut self) -> bool {
        if self.game.undo().is_none() {
            return false;
        }
        self.moves.pop();
        true
    }

    /// No stone on the board, no move played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.setup.black.is_empty() && self.setup.white.is_empty()
    }

    /// Puts Black's handicap stones on the empty board; White moves next. The caller has
    /// checked that the board is empty and the points distinct and on the board.
    pub fn set_handicap(&mut self, points: Vec<Point>) -> Result<(), ReplayError> {
        let mut next = Record {
            handicap: points.len(),
            setup: Setup {
                black: points,
                white: Vec::new(),
            },
            first: Color::White,
            ..Record::new(self.size, *self.rules())
        };
        next.game = next.replay(*self.rules())?;
        *self = next;
        Ok(())
    }

    /// Plays the record again under `rules`; when a move is refused nothing changes.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), ReplayError> {
        self.game = self.replay(rules)?;
        Ok(())
    }

    /// The record with a new komi.
    pub fn set_komi(&mut self, komi: Komi) -> Result<(), ReplayError> {
        self.set_rules(Rules {
            komi,
            ..*self.rules()
        })
    }

    /// The game of an SGF record's main line up to (not including) move `before` (from 1;
    /// every move without it), under `rules` (komi: the record's `KM` when it has one).
    pub fn from_sgf(
        sgf: &GoRecord,
        before: Option<usize>,
        mut rules: Rules,
    ) -> Result<Record, String> {
        if let Some(km) = sgf.komi {
            rules.komi = km
                .to_string()
                .parse::<Komi>()
                .map_err(|e| format!("KM: {e}"))?;
        }
        let played = before.map_or(sgf.moves.len(), |n| n.saturating_sub(1));
        let first = sgf
            .to_move
            .or(sgf.moves.first().map(|&(c, _)| c))
            .unwrap_or(if sgf.handicap.unwrap_or(0) > 0 {
                Color::White
            } else {
                Color::Black
            });
        let mut record = Record {
            size: sgf.size,
            setup: sgf.setup.clone(),
            handicap: sgf.handicap.unwrap_or(0) as usize,
            first,
            moves: sgf.moves.iter().copied().take(played).collect(),
            game: Game::new(sgf.size, rules),
        };
        record.game = record.replay(rules).map_err(|e| e.to_string())?;
        Ok(record)
    }

    /// The record as SGF: size, komi, handicap, setup, rules (`rules_name`), moves.
    pub fn to_sgf(&self, rules_name: &str) -> String {
        let rules = self.rules();
        GoRecord {
            size: self.size,
            komi: Some(f64::from(rules.komi.half_points()) / 2.0),
            handicap: (self.handicap > 0).then_some(self.handicap as u32),
            setup: self.setup.clone(),
            to_move: (self.first != Color::Black).then_some(self.first),
            moves: self.moves.clone(),
            info: GameInfo {
                rules: Some(rules_name.to_string()),
                ..GameInfo::default()
            },
        }
        .to_sgf()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str, size: BoardSize) -> Option<Point> {
        size.parse_vertex(name).unwrap().map(|v| size.point(v))
    }

    #[test]
    fn play_continues_after_two_passes_and_undo_stops_at_the_setup() {
        let size = BoardSize::new(9).unwrap();
        let mut record = Record::new(size, Rules::japanese());
        record
            .set_handicap(vec![p("C3", size).unwrap(), p("G7", size).unwrap()])
            .unwrap();
        assert_eq!(record.game().to_move(), Color::White);
        record.play(Color::White, None).unwrap();
        record.play(Color::Black, None).unwrap();
        assert!(record.game().is_over().is_some());
        record.play(Color::White, p("E5", size)).unwrap();
        assert!(record.game().is_over().is_none());
        assert!(record.undo() && record.undo() && record.undo());
        assert!(!record.undo());
        assert_eq!(record.game().position().stones(Color::Black).len(), 2);
    }

    #[test]
    fn a_rules_change_that_refuses_a_move_changes_nothing() {
        let size = BoardSize::new(5).unwrap();
        let mut record = Record::new(size, Rules::tromp_taylor());
        // Black fills the last liberty of its two stones in the corner: a suicide that
        // Tromp-Taylor allows (the position after it never came about before).
        for (c, v) in [
            (Color::Black, "A1"),
            (Color::Black, "B1"),
            (Color::White, "C1"),
            (Color::White, "B2"),
            (Color::White, "A3"),
            (Color::Black, "A2"),
        ] {
            record.play(c, p(v, size)).unwrap();
        }
        let before = record.game().clone();
        assert!(matches!(
            record.set_rules(Rules::japanese()),
            Err(ReplayError::Move(6, MoveError::Illegal(_)))
        ));
        assert_eq!(record.game(), &before);
        record.set_komi("0.5".parse().unwrap()).unwrap();
        assert_eq!(record.rules().komi.half_points(), 1);
        assert_eq!(record.game().position(), before.position());
    }

    #[test]
    fn sgf_round_trip_keeps_setup_komi_and_moves() {
        let size = BoardSize::new(9).unwrap();
        let mut record = Record::new(size, Rules::chinese());
        record
            .set_handicap(vec![p("C3", size).unwrap(), p("G7", size).unwrap()])
            .unwrap();
        record.play(Color::White, p("E5", size)).unwrap();
        record.play(Color::Black, None).unwrap();
        let sgf = GoRecord::from_sgf(record.to_sgf("chinese")).unwrap();
        assert_eq!(sgf.handicap, Some(2));
        let back = Record::from_sgf(&sgf, None, Rules::chinese()).unwrap();
        assert_eq!(back.game().position(), record.game().position());
        assert_eq!(back.game().to_move(), Color::White);
        let first = Record::from_sgf(&sgf, Some(2), Rules::chinese()).unwrap();
        assert_eq!(first.game().move_count(), 1);
        assert_eq!(first.rules().komi, Rules::chinese().komi);
    }
}
