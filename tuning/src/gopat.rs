//! Fitting move-pattern strengths to the moves strong players chose: the generalised
//! Bradley–Terry model of Coulom's "Computing Elo ratings of move patterns in the game of
//! Go" (2007), fitted by Minorization–Maximization (Hunter 2004). The `go-patterns`
//! binary feeds it the positions of SGF games; see `tuning/README.md`.
//!
//! Each position is a competition among the legal moves; each move is a team of
//! features, one from each group; a team's strength is the product of its features'
//! gammas, and the move played is the winner. One MM step updates the gammas of one group
//! (no two features of a group ever share a team, so the step is exact):
//! `gamma_i = W_i / sum_j C_ij / E_j`, `W_i` the wins of feature `i`, and for every
//! competition `j` it takes part in, `C_ij` the strength of its team mates and `E_j` the
//! summed strength of all teams. A virtual opponent of gamma 1 that each feature beats
//! once and loses to once keeps features that never win (or always win) finite.

/// One team: the global index of each group's feature.
pub type Team<const G: usize> = [u32; G];

/// The competitions to learn from, stored flat.
#[derive(Clone, Debug, Default)]
pub struct Competitions<const G: usize> {
    /// The distinct teams of all competitions, with how many moves of the competition
    /// each stands for.
    pub teams: Vec<(Team<G>, u32)>,
    /// Where each competition's teams end in `teams`, and which of them won.
    pub ends: Vec<(usize, usize)>,
}

impl<const G: usize> Competitions<G> {
    /// Adds a competition: the teams of all moves (repeats allowed) and the winner's
    /// index among them. Equal teams are stored once with a count.
    pub fn push(&mut self, mut moves: Vec<Team<G>>, winner: usize) {
        let won = moves[winner];
        moves.sort_unstable();
        let start = self.teams.len();
        let mut winner_at = usize::MAX;
        for team in moves {
            let repeat = self.teams.len() > start && self.teams[self.teams.len() - 1].0 == team;
            if repeat {
                let last = self.teams.len() - 1;
                self.teams[last].1 += 1;
            } else {
                if team == won {
                    winner_at = self.teams.len();
                }
                self.teams.push((team, 1));
            }
        }
        self.ends.push((self.teams.len(), winner_at));
    }

    /// The competitions, each as its teams and its winner's index among them.
    pub fn iter(&self) -> impl Iterator<Item = (&[(Team<G>, u32)], usize)> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(end, winner)| {
            let teams = &self.teams[start..end];
            let w = winner - start;
            start = end;
            (teams, w)
        })
    }

    /// The number of competitions.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No competitions?
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// The strength of a team.
pub fn strength<const G: usize>(gammas: &[f64], team: &Team<G>) -> f64 {
    team.iter().map(|&f| gammas[f as usize]).product()
}

/// The mean log-likelihood of the winners, per competition.
pub fn log_likelihood<const G: usize>(data: &Competitions<G>, gammas: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (teams, w) in data.iter() {
        let total: f64 = teams
            .iter()
            .map(|(t, c)| f64::from(*c) * strength(gammas, t))
            .sum();
        sum += (strength(gammas, &teams[w].0) / total).ln();
    }
    sum / data.len().max(1) as f64
}

/// The mean log-likelihood of the winners when every move is equally likely.
pub fn uniform_log_likelihood<const G: usize>(data: &Competitions<G>) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(teams, _)| -f64::from(teams.iter().map(|(_, c)| c).sum::<u32>()).ln())
        .sum();
    sum / data.len().max(1) as f64
}

/// One MM step for the features of one group (`group[f]` the group of feature `f`).
pub fn mm_step<const G: usize>(
    data: &Competitions<G>,
    gammas: &mut [f64],
    group: &[usize],
    which: usize,
) {
    let n = gammas.len();
    let mut wins = vec![1.0f64; n];
    let mut denominators: Vec<f64> = gammas.iter().map(|g| 2.0 / (g + 1.0)).collect();
    for (teams, w) in data.iter() {
        let total: f64 = teams
            .iter()
            .map(|(t, c)| f64::from(*c) * strength(gammas, t))
            .sum();
        wins[teams[w].0[which] as usize] += 1.0;
        for (team, count) in teams {
            let f = team[which] as usize;
            let mates = strength(gammas, team) / gammas[f];
            denominators[f] += f64::from(*count) * mates / total;
        }
    }
    for f in 0..n {
        if group[f] == which {
            gammas[f] = wins[f] / denominators[f];
        }
    }
}

/// Fits the gammas by `rounds` rounds of MM steps, one for each of the groups `fitted`
/// in turn, starting from `start` (the other groups keep their gammas). `report` hears
/// each round's number and gammas.
pub fn fit<const G: usize>(
    data: &Competitions<G>,
    group: &[usize],
    start: Vec<f64>,
    fitted: &[usize],
    rounds: usize,
    mut report: impl FnMut(usize, &[f64]),
) -> Vec<f64> {
    let mut gammas = start;
    for round in 1..=rounds {
        for &which in fitted {
            mm_step(data, &mut gammas, group, which);
        }
        report(round, &gammas);
    }
    gammas
}

/// The chance that the move at `played` is among the first `k` when `scores` rank the
/// moves (higher first), ties broken at random.
pub fn top_k(scores: &[f64], played: usize, k: usize) -> f64 {
    let s = scores[played];
    let better = scores.iter().filter(|&&x| x > s).count();
    let equal = scores.iter().filter(|&&x| x == s).count();
    (k.saturating_sub(better) as f64 / equal as f64).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::core::SplitMix64;

    fn uniform01(rng: &mut SplitMix64) -> f64 {
        (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    #[test]
    fn mm_recovers_the_gammas_that_chose_the_winners() {
        // Two groups: 4 features of gammas 1, 2, 4, 0.5 and 3 of gammas 1, 3, 0.2.
        let truth = [1.0, 2.0, 4.0, 0.5, 1.0, 3.0, 0.2];
        let group = [0, 0, 0, 0, 1, 1, 1];
        let mut rng = SplitMix64::new(7);
        let mut data = Competitions::<2>::default();
        for _ in 0..20_000 {
            let moves: Vec<Team<2>> = (0..6)
                .map(|_| [(rng.next_u64() % 4) as u32, 4 + (rng.next_u64() % 3) as u32])
                .collect();
            let total: f64 = moves.iter().map(|t| strength(&truth, t)).sum();
            let mut x = uniform01(&mut rng) * total;
            let mut winner = moves.len() - 1;
            for (i, t) in moves.iter().enumerate() {
                x -= strength(&truth, t);
                if x < 0.0 {
                    winner = i;
                    break;
                }
            }
            data.push(moves, winner);
        }
        let gammas = fit(&data, &group, vec![1.0; 7], &[0, 1], 30, |_, _| {});
        // Gammas are known up to a factor per group: compare ratios to each group's first.
        for f in 0..truth.len() {
            let base = if group[f] == 0 { 0 } else { 4 };
            let (got, want) = (gammas[f] / gammas[base], truth[f] / truth[base]);
            assert!(
                (got / want - 1.0).abs() < 0.1,
                "feature {f}: {got} vs {want}"
            );
        }
        assert!(log_likelihood(&data, &gammas) > uniform_log_likelihood(&data) + 0.1);
        assert!(log_likelihood(&data, &gammas) >= log_likelihood(&data, &truth) - 1e-3);
        // With the first group held at the truth, fitting the second alone finds it too.
        let mut start = truth.to_vec();
        start[4..].fill(1.0);
        let second = fit(&data, &group, start, &[1], 30, |_, _| {});
        assert_eq!(second[..4], truth[..4]);
        for f in 5..truth.len() {
            let (got, want) = (second[f] / second[4], truth[f] / truth[4]);
            assert!(
                (got / want - 1.0).abs() < 0.1,
                "feature {f}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn equal_teams_are_stored_once_with_their_count() {
        let mut data = Competitions::<1>::default();
        data.push(vec![[2], [1], [2], [0]], 2);
        let (teams, w) = data.iter().next().unwrap();
        assert_eq!(teams, &[([0], 1), ([1], 1), ([2], 2)]);
        assert_eq!(teams[w].0, [2]);
        assert_eq!(uniform_log_likelihood(&data), -(4f64.ln()));
    }

    #[test]
    fn top_k_shares_ties_fairly() {
        assert_eq!(top_k(&[0.5, 0.9, 0.5, 0.5], 0, 1), 0.0);
        assert!((top_k(&[0.5, 0.9, 0.5, 0.5], 0, 2) - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(top_k(&[0.5, 0.9, 0.5, 0.5], 1, 1), 1.0);
        assert_eq!(top_k(&[0.5, 0.9, 0.5, 0.5], 2, 5), 1.0);
    }
}
