//! The JSON `fives ratings` writes, by hand, for its exact layout: `{"ratings": [` then one
//! player a line, and the same for `history`. Numbers as [`crate::number`] writes them.

use std::cmp::Reverse;
use std::fmt::Write;

use crate::number::{push_six_decimals, whole};
use crate::pool::{Pool, System};
use crate::ratings::Ratings;

/// Below this many rated games a rating is provisional.
pub const PROVISIONAL_BELOW: u64 = 10;

/// The output document, ending with a newline.
pub fn ratings_json(pool: &Pool<'_>, ratings: &Ratings) -> String {
    let glicko = matches!(pool.system, System::Glicko2(_));
    let mut out = String::with_capacity(128 * (ratings.players.len() + ratings.history.len()));
    out.push_str("{\"ratings\": [");
    let mut order: Vec<usize> = (0..ratings.players.len()).collect();
    // Highest rating first, as written (Weng–Lin's whole number, Glicko-2's six decimals), then
    // by id.
    let written = |player: usize| -> i128 {
        let values = &ratings.players[player];
        if glicko {
            micro(values.first)
        } else {
            i128::from(weng_lin_scale(values.first))
        }
    };
    order.sort_by_cached_key(|&player| (Reverse(written(player)), &pool.players[player]));
    for (line, &player) in order.iter().enumerate() {
        out.push_str(if line == 0 { "\n  " } else { ",\n  " });
        let values = &ratings.players[player];
        out.push_str("{\"id\": ");
        push_string(&mut out, &pool.players[player]);
        let (low, high) = if glicko {
            out.push_str(", \"rating\": ");
            push_six_decimals(&mut out, values.first);
            out.push_str(", \"rd\": ");
            push_six_decimals(&mut out, values.second);
            out.push_str(", \"volatility\": ");
            push_six_decimals(&mut out, values.volatility);
            glicko_range(values.first, values.second)
        } else {
            out.push_str(", \"mu\": ");
            push_six_decimals(&mut out, values.first);
            out.push_str(", \"sigma\": ");
            push_six_decimals(&mut out, values.second);
            let _ = write!(out, ", \"rating\": {}", weng_lin_scale(values.first));
            weng_lin_range(values.first, values.second)
        };
        let _ = write!(
            out,
            ", \"low\": {low}, \"high\": {high}, \"games\": {}, \"provisional\": {}}}",
            values.games,
            values.games < PROVISIONAL_BELOW
        );
    }
    out.push_str(if order.is_empty() { "]" } else { "\n]" });
    if pool.history {
        out.push_str(", \"history\": [");
        for (line, entry) in ratings.history.iter().enumerate() {
            out.push_str(if line == 0 { "\n  " } else { ",\n  " });
            out.push_str("{\"game\": ");
            push_string(&mut out, &pool.games[entry.game as usize].id);
            out.push_str(", \"id\": ");
            push_string(&mut out, &pool.players[entry.player as usize]);
            out.push_str(", \"rating\": ");
            let (low, high) = if glicko {
                push_six_decimals(&mut out, entry.first);
                glicko_range(entry.first, entry.second)
            } else {
                let _ = write!(out, "{}", weng_lin_scale(entry.first));
                weng_lin_range(entry.first, entry.second)
            };
            let _ = write!(out, ", \"low\": {low}, \"high\": {high}}}");
        }
        out.push_str(if ratings.history.is_empty() {
            "]"
        } else {
            "\n]"
        });
    }
    out.push_str("}\n");
    out
}

/// 1500 + 60 × (μ − 25), rounded half away from zero.
pub fn weng_lin_scale(mu: f64) -> i64 {
    whole(1500.0 + 60.0 * (mu - 25.0))
}

/// The scale of μ − 2σ and μ + 2σ.
pub fn weng_lin_range(mu: f64, sigma: f64) -> (i64, i64) {
    (
        weng_lin_scale(mu - 2.0 * sigma),
        weng_lin_scale(mu + 2.0 * sigma),
    )
}

/// Rating ∓ 2 RD, rounded half away from zero.
pub fn glicko_range(rating: f64, rd: f64) -> (i64, i64) {
    (whole(rating - 2.0 * rd), whole(rating + 2.0 * rd))
}

/// A value in millionths as written with six decimals, for ordering.
fn micro(value: f64) -> i128 {
    let written = crate::number::six_decimals(value);
    let negative = written.starts_with('-');
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    let magnitude = digits.parse::<i128>().unwrap_or(i128::MAX);
    if negative { -magnitude } else { magnitude }
}

/// `text` as a JSON string.
fn push_string(out: &mut String, text: &str) {
    let plain = text
        .bytes()
        .all(|byte| byte >= 0x20 && byte != b'"' && byte != b'\\');
    if plain {
        // Nothing to escape, the usual case: no allocation.
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        out.push_str(&serde_json::to_string(text).unwrap_or_default());
    }
}
