//! A fixture's chances before it is played: from each game's chance for the home side, the
//! chance that the home side wins more games, as many, or fewer (the games taken as
//! independent, as the ratings take them).

/// The chances of a fixture's outcome by games won, summing to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchChances {
    pub home: f64,
    pub draw: f64,
    pub away: f64,
}

/// The outcome's chances from each game's chance that the home side wins it.
pub fn match_chances(game_chances: &[f64]) -> MatchChances {
    // won[k]: the chance the home side has won k of the games so far.
    let mut won = vec![1.0];
    for &chance in game_chances {
        let mut next = vec![0.0; won.len() + 1];
        for (games, &p) in won.iter().enumerate() {
            next[games] += p * (1.0 - chance);
            next[games + 1] += p * chance;
        }
        won = next;
    }
    let games = game_chances.len();
    let mut chances = MatchChances {
        home: 0.0,
        draw: 0.0,
        away: 0.0,
    };
    for (home_games, p) in won.into_iter().enumerate() {
        let away_games = games - home_games;
        match home_games.cmp(&away_games) {
            std::cmp::Ordering::Greater => chances.home += p,
            std::cmp::Ordering::Equal => chances.draw += p,
            std::cmp::Ordering::Less => chances.away += p,
        }
    }
    chances
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn even_games_make_an_even_match_and_an_odd_count_has_no_draw() {
        let three = match_chances(&[0.5; 3]);
        assert!(close(three.home, 0.5) && close(three.away, 0.5) && close(three.draw, 0.0));
        // Two games: home wins both 1/4, one each 1/2, none 1/4.
        let two = match_chances(&[0.5; 2]);
        assert!(close(two.home, 0.25) && close(two.draw, 0.5) && close(two.away, 0.25));
    }

    #[test]
    fn the_chances_are_the_binomial_sums_worked_by_hand() {
        // Three games at 0.6: home wins 2 or 3: 3 × 0.36 × 0.4 + 0.216 = 0.648.
        let chances = match_chances(&[0.6; 3]);
        assert!(close(chances.home, 0.648), "{chances:?}");
        assert!(close(chances.home + chances.draw + chances.away, 1.0));
        // Games of different chances: 0.9 and 0.2 — home both 0.18, one each 0.74.
        let mixed = match_chances(&[0.9, 0.2]);
        assert!(close(mixed.home, 0.18) && close(mixed.draw, 0.74) && close(mixed.away, 0.08));
        assert_eq!(match_chances(&[]).draw, 1.0);
    }
}
