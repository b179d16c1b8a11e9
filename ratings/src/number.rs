//! Numbers as the output writes them: real numbers with 6 decimals and whole numbers, both
//! rounded half away from zero from the exact binary value computed.

use std::fmt::Write;

/// `value` rounded half away from zero to a whole number.
pub fn whole(value: f64) -> i64 {
    // `f64::round` rounds half away from zero, on the exact value.
    value.round() as i64
}

/// Appends `value` with exactly 6 decimals, rounded half away from zero from its exact binary
/// value: 25.0078125 is written 25.007813 (`{:.6}` would round the tie to even, 25.007812).
pub fn push_six_decimals(out: &mut String, value: f64) {
    match micro_units(value) {
        Some((negative, units)) => {
            if negative && units != 0 {
                out.push('-');
            }
            let _ = write!(out, "{}.{:06}", units / 1_000_000, units % 1_000_000);
        }
        // Not reached for the values a valid document gives (magnitudes far below 2^64 / 10^6);
        // the standard formatting is exact for whole values that large.
        None => {
            let _ = write!(out, "{value:.6}");
        }
    }
}

/// `value` with 6 decimals, as a string.
pub fn six_decimals(value: f64) -> String {
    let mut out = String::new();
    push_six_decimals(&mut out, value);
    out
}

/// |value| × 10⁶ rounded half away from zero, with the sign apart; `None` for a value that is
/// not finite or too large for the arithmetic.
fn micro_units(value: f64) -> Option<(bool, u128)> {
    if !value.is_finite() {
        return None;
    }
    let bits = value.to_bits();
    let negative = bits >> 63 == 1;
    let biased_exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // value = mantissa × 2^exponent exactly.
    let (mantissa, exponent) = if biased_exponent == 0 {
        (u128::from(fraction), -1074)
    } else {
        (u128::from(fraction | (1 << 52)), biased_exponent - 1075)
    };
    let scaled = mantissa * 1_000_000; // below 2^73
    if exponent >= 0 {
        let shifted = scaled.checked_shl(exponent as u32)?;
        // A shift that overflowed would have dropped high bits.
        if shifted >> exponent != scaled {
            return None;
        }
        return Some((negative, shifted));
    }
    let shift = (-exponent) as u32;
    if shift > 100 {
        // |value| × 10⁶ < 2^73 / 2^101, far below one half.
        return Some((negative, 0));
    }
    let quotient = scaled >> shift;
    let remainder = scaled - (quotient << shift);
    let half = 1u128 << (shift - 1);
    Some((negative, quotient + u128::from(remainder >= half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_in_binary_round_away_from_zero() {
        assert_eq!(six_decimals(25.0078125), "25.007813");
        assert_eq!(six_decimals(-25.0078125), "-25.007813");
        // Neither is a tie in binary: 0.0000005 is 4.99999…e-7, 1.0000005 is 1.00000050000…07.
        assert_eq!(six_decimals(0.0000005), "0.000000");
        assert_eq!(six_decimals(1.0000005), "1.000001");
        assert_eq!(six_decimals(0.5), "0.500000");
        assert_eq!(six_decimals(2.0f64.powi(-21)), "0.000000"); // 0.000000476…
        assert_eq!(six_decimals(2.0f64.powi(-20)), "0.000001"); // 0.000000953…
    }

    #[test]
    fn agrees_with_the_standard_formatting_away_from_ties() {
        for value in [
            0.0,
            1.0,
            -1.0,
            28.868_399_9,
            0.059_996_1,
            1_464.050_7,
            1e6,
            -999_999.999_999_7,
            123_456.789,
            f64::MIN_POSITIVE,
        ] {
            assert_eq!(six_decimals(value), format!("{value:.6}"), "{value}");
        }
    }

    /// Rounds the exact decimal expansion (Rust writes every digit of a double when asked for
    /// enough) half away from zero, as a person would on paper.
    fn by_hand(value: f64) -> String {
        let exact = format!("{:.1100}", value.abs());
        let (whole_part, fraction) = exact.split_once('.').unwrap();
        let kept = format!("{whole_part}{}", &fraction[..6]);
        let mut units: u128 = kept.parse().unwrap();
        if fraction.as_bytes()[6] >= b'5' {
            units += 1;
        }
        let sign = if value < 0.0 && units != 0 { "-" } else { "" };
        format!("{sign}{}.{:06}", units / 1_000_000, units % 1_000_000)
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_rounding_by_hand(value in -2_000_000.0..2_000_000.0f64, ties in 0u32..4_000_000) {
            proptest::prop_assert_eq!(six_decimals(value), by_hand(value));
            // Exact ties: an odd multiple of 1/128 = 0.0078125 has seven decimals, the last 5.
            let tie = f64::from(ties) * 0.0078125;
            proptest::prop_assert_eq!(six_decimals(tie), by_hand(tie));
            proptest::prop_assert_eq!(six_decimals(-tie), by_hand(-tie));
        }
    }

    #[test]
    fn tiny_negative_values_lose_their_sign() {
        assert_eq!(six_decimals(-0.0), "0.000000");
        assert_eq!(six_decimals(-1e-9), "0.000000");
    }

    #[test]
    fn whole_numbers_round_half_away_from_zero() {
        assert_eq!(whole(1731.5), 1732);
        assert_eq!(whole(-0.5), -1);
        assert_eq!(whole(2.499_999), 2);
    }
}
