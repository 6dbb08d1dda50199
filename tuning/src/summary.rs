//! Totals of a match from engine 1's side: W/D/L, colours, and how the games ended.

use crate::elo::{Tally, Z95};
use std::collections::BTreeMap;
use tengen::core::Color;

/// What the totals need to know of a finished game.
pub trait Outcome {
    /// The colour engine 1 played.
    fn engine1_color(&self) -> Color;
    /// The winner; `None` for a draw (or a game without result).
    fn winner(&self) -> Option<Color>;
    /// A short class of how the game ended, for the reasons table.
    fn category(&self) -> &'static str;
    /// What makes two games the same game: engine 1's colour and every move, the
    /// opening's included.
    fn replay_key(&self) -> String;

    /// Engine 1's points: 1, 0.5 or 0.
    fn engine1_points(&self) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(c) if c == self.engine1_color() => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// Totals of a match, from engine 1's side.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub tally: Tally,
    pub black_wins: u32,
    pub white_wins: u32,
    pub draws: u32,
    /// Per reason category: engine 1 wins, engine 2 wins, draws.
    pub reasons: BTreeMap<&'static str, [u32; 3]>,
    /// Games that are not a move-for-move replay of an earlier one.
    pub distinct: usize,
}

impl MatchSummary {
    /// The totals of `records`.
    pub fn new<O: Outcome>(records: &[O]) -> MatchSummary {
        let mut s = MatchSummary {
            distinct: records
                .iter()
                .map(Outcome::replay_key)
                .collect::<std::collections::HashSet<_>>()
                .len(),
            ..MatchSummary::default()
        };
        for r in records {
            let points = r.engine1_points();
            s.tally.add(points);
            match r.winner() {
                Some(Color::Black) => s.black_wins += 1,
                Some(Color::White) => s.white_wins += 1,
                None => s.draws += 1,
            }
            let column = if points > 0.75 {
                0
            } else if points < 0.25 {
                1
            } else {
                2
            };
            s.reasons.entry(r.category()).or_default()[column] += 1;
        }
        s
    }

    /// The final report: W/D/L, score, Elo, colours and the reasons table.
    pub fn report(&self, engine1: &str, engine2: &str) -> String {
        let t = &self.tally;
        let mut out = String::new();
        out.push_str(&format!(
            "{engine1} vs {engine2}: {} games, +{} ={} -{} (W/D/L for {engine1})\n",
            t.games(),
            t.wins,
            t.draws,
            t.losses
        ));
        out.push_str(&format!(
            "score {:.1}% ± {:.1}% (95%), LOS {:.1}%\n",
            100.0 * t.score(),
            100.0 * Z95 * t.score_std_error(),
            100.0 * t.los()
        ));
        out.push_str(&format!("Elo difference: {}\n", t.elo()));
        if self.distinct < t.games() as usize {
            // Deterministic engines (fixed nodes, one thread) replay a game each time the
            // openings come round again: a replay is no new evidence.
            out.push_str(&format!(
                "only {} distinct games: the others replay one move for move\n",
                self.distinct
            ));
        }
        out.push_str(&format!(
            "by colour: Black won {}, White won {}, drawn {}\n",
            self.black_wins, self.white_wins, self.draws
        ));
        let width = self
            .reasons
            .keys()
            .map(|k| k.len())
            .max()
            .unwrap_or(6)
            .max(6);
        let (w1, w2) = (engine1.len().max(6), engine2.len().max(6));
        out.push_str(&format!(
            "{:<width$}  {:>w1$}  {:>w2$}  {:>5}\n",
            "reason", engine1, engine2, "draws"
        ));
        for (reason, [a, b, d]) in &self.reasons {
            out.push_str(&format!("{reason:<width$}  {a:>w1$}  {b:>w2$}  {d:>5}\n"));
        }
        out
    }
}

/// Stops a match whose engine cannot start at all: a failed start before any game of the
/// match was played out means a wrong command line or an option the engine refuses, and
/// every later game would fail the same way and be scored as a loss (or a draw) that no
/// board decided. A failed start after games were played is scored as usual.
///
/// ```
/// use tengen_tuning::summary::StartCheck;
/// let mut check = StartCheck::default();
/// assert!(check.after("start failed", &"no such file").is_err());
/// let mut check = StartCheck::default();
/// assert!(check.after("five", &"five").is_ok());
/// assert!(check.after("start failed", &"no such file").is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StartCheck {
    played: bool,
}

impl StartCheck {
    /// Records a finished game by its [`Outcome::category`] and how it ended; an error
    /// (to stop the match with) when it failed to start and no game before it was played.
    pub fn after(&mut self, category: &str, reason: &dyn std::fmt::Display) -> Result<(), String> {
        let failed = is_failed_start(category);
        if failed && !self.played {
            return Err(format!(
                "the first game ended before a move ({reason}): check the engine commands \
                 (match stopped)"
            ));
        }
        self.played |= !failed;
        Ok(())
    }
}

/// Is an [`Outcome::category`] that of a game no engine could start?
pub fn is_failed_start(category: &str) -> bool {
    matches!(category, "start failed" | "both failed")
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Game {
        engine1: Color,
        winner: Option<Color>,
        moves: &'static str,
    }

    impl Outcome for Game {
        fn engine1_color(&self) -> Color {
            self.engine1
        }
        fn winner(&self) -> Option<Color> {
            self.winner
        }
        fn category(&self) -> &'static str {
            "five"
        }
        fn replay_key(&self) -> String {
            format!("{:?} {}", self.engine1, self.moves)
        }
    }

    #[test]
    fn replayed_games_are_counted_and_reported() {
        let game = |engine1, winner, moves| Game {
            engine1,
            winner: Some(winner),
            moves,
        };
        let (b, w) = (Color::Black, Color::White);
        // The same moves with engine 1 on the other side is another game.
        let fresh = [
            game(b, b, "a b c"),
            game(w, b, "a b c"),
            game(b, w, "a b d"),
        ];
        let s = MatchSummary::new(&fresh);
        assert_eq!((s.distinct, s.tally.games()), (3, 3));
        assert!(!s.report("x", "y").contains("distinct"));
        let replayed = [
            game(b, b, "a b c"),
            game(w, b, "a b c"),
            game(b, b, "a b c"),
        ];
        let s = MatchSummary::new(&replayed);
        assert_eq!(s.distinct, 2);
        assert!(s.report("x", "y").contains("only 2 distinct games"));
    }
}
