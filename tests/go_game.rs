//! Unbroken cycles: under the Japanese and Korean rules a position that keeps coming back
//! voids the game; under superko rules it cannot come back at all. Tiny boards have so few
//! positions that random play must cycle, which makes them a good place to check both.

use std::collections::HashMap;
use tengen::core::{Color, SplitMix64};
use tengen::go::{diagram, BoardSize, Game, GameOver, GameResult, Rules, NO_RESULT_REPETITIONS};

/// Plays random legal moves (a pass now and then, never two in a row) until the game
/// ends; counts every (diagram, side to move) independently of the game's own record and
/// returns how it ended and the most times a position came about.
fn random_game(n: usize, rules: Rules, rng: &mut SplitMix64) -> (GameOver, usize) {
    let size = BoardSize::new(n).unwrap();
    let mut game = Game::new(size, rules);
    let mut seen: HashMap<(String, Color), usize> = HashMap::new();
    *seen
        .entry((diagram(game.position()), game.to_move()))
        .or_default() += 1;
    let mut last_passed = false;
    for _ in 0..10_000 {
        if let Some(over) = game.is_over() {
            return (over, seen.values().copied().max().unwrap());
        }
        let color = game.to_move();
        let moves = game.legal_moves(color);
        let pass = moves.is_empty() || (!last_passed && rng.below(8) == 0);
        let mv = (!pass).then(|| size.point(moves[rng.below(moves.len() as u64) as usize]));
        game.play(color, mv).unwrap();
        last_passed = pass;
        let times = seen
            .entry((diagram(game.position()), game.to_move()))
            .or_default();
        *times += 1;
        let repeated = *times;
        // The game is void exactly when a position comes about for the third time.
        assert_eq!(
            game.is_over() == Some(GameOver::Cycle),
            rules.cycle == tengen::go::Cycle::NoResult && repeated >= NO_RESULT_REPETITIONS,
            "{:?} after a position came about {repeated} times",
            game.is_over()
        );
    }
    panic!("a game on {n}x{n} did not end");
}

#[test]
fn japanese_and_korean_games_that_cycle_have_no_result() {
    let mut rng = SplitMix64::new(12);
    for rules in [Rules::japanese(), Rules::korean()] {
        let mut cycles = 0;
        for game in 0..200 {
            let (over, _) = random_game([2, 3][game % 2], rules, &mut rng);
            if over == GameOver::Cycle {
                assert_eq!(over.result(), Some(GameResult::NoResult));
                cycles += 1;
            }
        }
        assert!(
            cycles > 20,
            "random play on tiny boards cycles often: {cycles}"
        );
    }
}

#[test]
fn superko_rules_never_repeat_a_position_so_never_cycle() {
    let mut rng = SplitMix64::new(13);
    for rules in [Rules::chinese(), Rules::tromp_taylor()] {
        for game in 0..200 {
            let (over, most) = random_game([2, 3][game % 2], rules, &mut rng);
            assert_ne!(over, GameOver::Cycle);
            // Only passes bring a position back: a move makes it, the opponent passes,
            // and when the mover has nothing better than a pass too, it is there again.
            assert!(most <= 2, "a position came about {most} times");
        }
    }
}
