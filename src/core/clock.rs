//! Move-time budgets from a manager's clocks.

use std::time::Duration;

/// The clocks a manager announces: time per move, for the whole game, and what is left.
///
/// ```
/// use tengen::core::TimeControl;
/// use std::time::Duration;
/// let tc = TimeControl { turn: Some(Duration::from_secs(1)), ..TimeControl::default() };
/// let (soft, hard) = tc.budget(20);
/// assert!(hard <= Duration::from_millis(950) && soft <= hard);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Limit for one move; `Some(ZERO)` means "move at once"; `None` no limit.
    pub turn: Option<Duration>,
    /// Time left for the rest of the game; `None` no limit.
    pub left: Option<Duration>,
}

/// Kept back from every budget for reading, writing and the manager's own latency.
const OVERHEAD: Duration = Duration::from_millis(30);
/// Never let the game clock fall below this.
const RESERVE: Duration = Duration::from_millis(50);

impl TimeControl {
    /// `(soft, hard)` for the next move, after `our_moves_played` of our moves: stop
    /// starting new work after `soft`, stop at once at `hard`.
    ///
    /// At most 95% of the turn limit (less 30 ms of overhead), and the game clock spread
    /// over the moves a game is still expected to last, never more than a fifth of it at
    /// once.
    pub fn budget(&self, our_moves_played: usize) -> (Duration, Duration) {
        let turn_cap = self
            .turn
            .map(|t| (t * 95 / 100).saturating_sub(OVERHEAD))
            .unwrap_or(Duration::MAX);
        let (soft, hard) = match self.left {
            Some(left) => {
                let usable = left.saturating_sub(RESERVE);
                // Renju games between engines rarely last beyond 40 moves each.
                let moves_left = 40u32.saturating_sub(our_moves_played as u32).max(12);
                let share = usable / moves_left;
                (share * 3 / 5, (share * 3).min(usable / 5))
            }
            // An iteration cut short by the hard limit still counts once it has searched
            // its first move, so one may start late in the turn.
            None => (turn_cap * 17 / 20, turn_cap),
        };
        let hard = hard.min(turn_cap);
        (soft.min(hard), hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn turn_limit_keeps_a_margin() {
        let tc = TimeControl {
            turn: Some(MS(1000)),
            left: None,
        };
        assert_eq!(tc.budget(0), (MS(782), MS(920)));
        let zero = TimeControl {
            turn: Some(MS(0)),
            left: None,
        };
        assert_eq!(zero.budget(5), (MS(0), MS(0)));
    }

    #[test]
    fn match_clock_is_spread_and_never_exhausted() {
        let tc = TimeControl {
            turn: Some(MS(30_000)),
            left: Some(MS(60_000)),
        };
        let (soft, hard) = tc.budget(0);
        assert!(
            soft <= MS(60_000 / 12) && hard <= MS(60_000 / 5),
            "{soft:?} {hard:?}"
        );
        // Playing the whole budget every move still never reaches zero.
        let mut left = MS(10_000);
        for played in 0..200 {
            let tc = TimeControl {
                turn: None,
                left: Some(left),
            };
            left -= tc.budget(played).1;
        }
        assert!(left >= RESERVE, "{left:?}");
    }
}
