//! An engine's clock for one game: time for the whole game plus an increment after every
//! move.
//!
//! The engine is told [`GameClock::left`] before each move; a move may take up to
//! [`GameClock::limit`]; [`GameClock::charge`] takes its time off and adds the increment,
//! or says the engine lost on time. The engine loses when its clock would go below minus
//! the tolerance: the tolerance is a floor under the clock, not a fresh grace per move
//! (an overrun is repaid from later increments).
//!
//! ```
//! use std::time::Duration;
//! use tengen_tuning::clock::GameClock;
//! let ms = Duration::from_millis;
//! let mut clock = GameClock::new(ms(1000), ms(100));
//! assert_eq!(clock.charge(ms(300), ms(50)), Ok(()));
//! assert_eq!(clock.left(), ms(800)); // 1000 - 300 + 100
//! assert_eq!(clock.charge(ms(900), ms(50)), Err(ms(1200))); // past 1100 + 50
//! ```

use std::time::Duration;

/// One engine's clock for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// The game time plus the increments earned so far.
    allowance: Duration,
    increment: Duration,
    /// Thinking time used so far.
    used: Duration,
}

impl GameClock {
    /// A clock of `main` for the game, `increment` added after each move in time.
    pub fn new(main: Duration, increment: Duration) -> GameClock {
        GameClock {
            allowance: main,
            increment,
            used: Duration::ZERO,
        }
    }

    /// The time left, as the engine is told before a move (never below zero).
    pub fn left(&self) -> Duration {
        self.allowance.saturating_sub(self.used)
    }

    /// How long the next move may take before it loses on time: the time left plus
    /// what is left of `tolerance`.
    pub fn limit(&self, tolerance: Duration) -> Duration {
        self.allowance
            .saturating_add(tolerance)
            .saturating_sub(self.used)
    }

    /// Charges a move that took `elapsed`: `Ok` if it came in time (the increment is
    /// then added), else `Err` with the total time used.
    pub fn charge(&mut self, elapsed: Duration, tolerance: Duration) -> Result<(), Duration> {
        let over = elapsed > self.limit(tolerance);
        self.used = self.used.saturating_add(elapsed);
        if over {
            return Err(self.used);
        }
        self.allowance = self.allowance.saturating_add(self.increment);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn increments_keep_a_steady_engine_alive() {
        // 1 s + 0.2 s a move, 0.25 s a move, 0.1 s tolerance: the clock loses 0.05 s a
        // move, 1000 - 50 n after n moves. Move n is in time while the clock before it,
        // 1000 - 50 (n - 1), less 250 stays above -100: up to move 18.
        let mut clock = GameClock::new(MS(1000), MS(200));
        for n in 1..=18 {
            assert_eq!(clock.charge(MS(250), MS(100)), Ok(()), "move {n}");
            assert_eq!(clock.left(), MS(1000 - 50 * n));
        }
        assert_eq!(clock.limit(MS(100)), MS(200));
        assert_eq!(clock.charge(MS(250), MS(100)), Err(MS(19 * 250)));
    }

    #[test]
    fn an_overrun_within_the_tolerance_is_repaid() {
        // 0.1 s + 0.1 s a move, 0.1 s tolerance: a 0.15 s first move overruns by 50 ms,
        // which the increment repays: the clock shows 0.1 - 0.15 + 0.1 = 0.05 s.
        let mut clock = GameClock::new(MS(100), MS(100));
        assert_eq!(clock.charge(MS(150), MS(100)), Ok(()));
        assert_eq!((clock.left(), clock.limit(MS(100))), (MS(50), MS(150)));
        // Another 0.15 s move is exactly at the limit; a third is not.
        assert_eq!(clock.charge(MS(150), MS(100)), Ok(()));
        assert_eq!(clock.left(), MS(0));
        assert_eq!(clock.charge(MS(150), MS(100)), Err(MS(450)));
    }

    #[test]
    fn without_increment_the_game_time_is_all() {
        let mut clock = GameClock::new(MS(500), Duration::ZERO);
        assert_eq!(clock.limit(MS(100)), MS(600));
        assert_eq!(clock.charge(MS(450), MS(100)), Ok(()));
        assert_eq!((clock.left(), clock.limit(MS(100))), (MS(50), MS(150)));
        assert_eq!(clock.charge(MS(151), MS(100)), Err(MS(601)));
    }

    #[test]
    fn huge_clocks_saturate() {
        let mut clock = GameClock::new(Duration::MAX, Duration::MAX);
        assert_eq!(clock.limit(MS(1)), Duration::MAX);
        assert_eq!(clock.charge(MS(5), MS(1)), Ok(()));
        assert_eq!(clock.left(), Duration::MAX - MS(5));
    }
}
