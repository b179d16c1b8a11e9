//! Exact numbers: points, scores and tiebreaks as fractions, read from JSON decimals and written
//! back rounded to six decimals, half away from zero.
//!
//! Every number a document gives has at most [`MAX_DECIMALS`] decimals and a magnitude of at
//! most [`MAX_MAGNITUDE`], so its denominator divides 10^6. Scores, averages over up to three
//! opponents and the products of the Sonneborn-Berger score then stay far inside `i128`; the
//! comparison never multiplies at all.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// The most decimals a number in a document may have.
pub const MAX_DECIMALS: u32 = 6;
/// The largest magnitude of a number in a document (points, game points, ratings, bye points).
pub const MAX_MAGNITUDE: i128 = 1_000_000;

/// A fraction in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exact {
    num: i128,
    den: i128,
}

/// Why a JSON number is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    TooManyDecimals(String),
    TooLarge(String),
    NotFinite,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::TooManyDecimals(text) => {
                write!(f, "{text} has more than {MAX_DECIMALS} decimals")
            }
            NumberError::TooLarge(text) => {
                write!(f, "{text} is larger than {MAX_MAGNITUDE} in magnitude")
            }
            NumberError::NotFinite => f.write_str("a number must be finite"),
        }
    }
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    // The usual values fit a machine word, whose division is far cheaper than i128's.
    if let (Ok(mut a), Ok(mut b)) = (u64::try_from(a), u64::try_from(b)) {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        return i128::from(a);
    }
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Exact {
    pub const ZERO: Exact = Exact { num: 0, den: 1 };
    pub const ONE: Exact = Exact { num: 1, den: 1 };

    /// `num / den`; `den` must not be zero.
    pub fn ratio(num: i128, den: i128) -> Exact {
        assert!(den != 0, "a fraction needs a denominator");
        if den == 1 {
            return Exact { num, den };
        }
        let sign = if den < 0 { -1 } else { 1 };
        let divisor = gcd(num, den).max(1);
        if divisor == 1 && sign == 1 {
            return Exact { num, den };
        }
        Exact {
            num: sign * num / divisor,
            den: sign * den / divisor,
        }
    }

    pub fn integer(value: i64) -> Exact {
        Exact {
            num: i128::from(value),
            den: 1,
        }
    }

    pub fn numerator(self) -> i128 {
        self.num
    }

    pub fn denominator(self) -> i128 {
        self.den
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// This number divided by a positive count (an average's divisor).
    pub fn div_count(self, count: usize) -> Exact {
        assert!(count > 0, "an average of nothing");
        Exact::ratio(self.num, self.den * count as i128)
    }

    /// Reads a decimal as JSON writes it (`12`, `-0.5`, `1.25e2`) exactly, within the limits.
    pub fn parse_decimal(text: &str) -> Result<Exact, NumberError> {
        let (mantissa, exponent) = match text.find(['e', 'E']) {
            Some(at) => {
                let exponent: i64 = text[at + 1..]
                    .parse()
                    .map_err(|_| NumberError::TooLarge(text.to_string()))?;
                (&text[..at], exponent)
            }
            None => (text, 0),
        };
        let (negative, digits) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return Err(NumberError::NotFinite);
        }
        let all: String = whole.chars().chain(fraction.chars()).collect();
        let significant = all.trim_start_matches('0');
        let trailing_zeros = significant.len() - significant.trim_end_matches('0').len();
        let significant = significant.trim_end_matches('0');
        // The value is significant × 10^scale.
        let scale = exponent - fraction.len() as i64 + trailing_zeros as i64;
        if significant.is_empty() {
            return Ok(Exact::ZERO);
        }
        if scale < -i64::from(MAX_DECIMALS) {
            return Err(NumberError::TooManyDecimals(text.to_string()));
        }
        // Magnitude at most 10^6 with at most 6 decimals: at most 13 significant digits.
        if significant.len() > 13 || scale > 6 {
            return Err(NumberError::TooLarge(text.to_string()));
        }
        let mut num: i128 = significant.parse().expect("checked digits");
        let mut den: i128 = 1;
        if scale >= 0 {
            num *= 10i128.pow(scale as u32);
        } else {
            den = 10i128.pow((-scale) as u32);
        }
        if negative {
            num = -num;
        }
        let value = Exact::ratio(num, den);
        if value.num.abs() > MAX_MAGNITUDE * value.den {
            return Err(NumberError::TooLarge(text.to_string()));
        }
        Ok(value)
    }

    /// The number as the specification writes it: at most six decimals, rounded half away
    /// from zero, without trailing zeros, an integer without a decimal point.
    pub fn to_json(self) -> String {
        const SCALE: i128 = 1_000_000;
        let magnitude = self.num.abs();
        let whole = magnitude / self.den;
        let rest = magnitude % self.den;
        // rest < den ≤ 6·10^12, so rest · 10^6 cannot overflow.
        let scaled = rest * SCALE;
        let mut millionths = scaled / self.den;
        if (scaled % self.den) * 2 >= self.den {
            millionths += 1;
        }
        let (whole, millionths) = if millionths == SCALE {
            (whole + 1, 0)
        } else {
            (whole, millionths)
        };
        let sign = if self.num < 0 && (whole != 0 || millionths != 0) {
            "-"
        } else {
            ""
        };
        if millionths == 0 {
            format!("{sign}{whole}")
        } else {
            let fraction = format!("{millionths:06}");
            format!("{sign}{whole}.{}", fraction.trim_end_matches('0'))
        }
    }
}

impl Default for Exact {
    fn default() -> Exact {
        Exact::ZERO
    }
}

impl Add for Exact {
    type Output = Exact;
    fn add(self, other: Exact) -> Exact {
        // Whole numbers, the usual points, add without a division.
        if self.den == 1 && other.den == 1 {
            return Exact {
                num: self.num + other.num,
                den: 1,
            };
        }
        if self.den == other.den {
            return Exact::ratio(self.num + other.num, self.den);
        }
        let common = gcd(self.den, other.den);
        let den = self.den / common * other.den;
        Exact::ratio(
            self.num * (den / self.den) + other.num * (den / other.den),
            den,
        )
    }
}

impl AddAssign for Exact {
    fn add_assign(&mut self, other: Exact) {
        *self = *self + other;
    }
}

impl Neg for Exact {
    type Output = Exact;
    fn neg(self) -> Exact {
        Exact {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Sub for Exact {
    type Output = Exact;
    fn sub(self, other: Exact) -> Exact {
        self + -other
    }
}

impl Mul for Exact {
    type Output = Exact;
    fn mul(self, other: Exact) -> Exact {
        // Cross-reduce first so that the products stay as small as the result allows.
        let a = gcd(self.num, other.den).max(1);
        let b = gcd(other.num, self.den).max(1);
        Exact::ratio(
            (self.num / a) * (other.num / b),
            (self.den / b) * (other.den / a),
        )
    }
}

impl std::iter::Sum for Exact {
    fn sum<I: Iterator<Item = Exact>>(iter: I) -> Exact {
        iter.fold(Exact::ZERO, Add::add)
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Exact) -> Ordering {
        // Over one denominator (always positive), the numerators decide.
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        // Numerators and denominators within a machine word, the usual case, compare by
        // cross products, which an i128 holds exactly.
        if let (Ok(a_num), Ok(a_den), Ok(b_num), Ok(b_den)) = (
            i64::try_from(self.num),
            i64::try_from(self.den),
            i64::try_from(other.num),
            i64::try_from(other.den),
        ) {
            return (i128::from(a_num) * i128::from(b_den))
                .cmp(&(i128::from(b_num) * i128::from(a_den)));
        }
        cmp_by_floors(self, other)
    }
}

/// Compares by floors, then by the reciprocals of the fractional parts: no products, so no
/// overflow whatever the magnitudes.
fn cmp_by_floors(this: &Exact, other: &Exact) -> Ordering {
    let (mut a_num, mut a_den, mut b_num, mut b_den) = (this.num, this.den, other.num, other.den);
    let mut flipped = false;
    loop {
        let (a_floor, b_floor) = (a_num.div_euclid(a_den), b_num.div_euclid(b_den));
        if a_floor != b_floor {
            let order = a_floor.cmp(&b_floor);
            return if flipped { order.reverse() } else { order };
        }
        let (a_rest, b_rest) = (a_num.rem_euclid(a_den), b_num.rem_euclid(b_den));
        match (a_rest == 0, b_rest == 0) {
            (true, true) => return Ordering::Equal,
            (true, false) => {
                return if flipped {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
            }
            (false, true) => {
                return if flipped {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
            }
            (false, false) => {
                // a_rest/a_den < b_rest/b_den exactly when a_den/a_rest > b_den/b_rest.
                (a_num, a_den, b_num, b_den) = (a_den, a_rest, b_den, b_rest);
                flipped = !flipped;
            }
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

/// Writes the number as a JSON number that reads back as exactly it: an integer as such,
/// anything else as the `f64` nearest [`Exact::to_json`]'s decimal (at most six places, so
/// reading it back gives that decimal again).
impl serde::Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.to_json();
        match text.parse::<i64>() {
            Ok(whole) => serializer.serialize_i64(whole),
            Err(_) => serializer.serialize_f64(
                text.parse::<f64>()
                    .expect("a decimal of at most six places is an f64"),
            ),
        }
    }
}

/// Reads any JSON number exactly. Integers come as integers; other numbers as the shortest
/// decimal that reads back as the same `f64`, which is the decimal the document wrote whenever
/// it has no more than 15 significant digits (always, within the limits).
impl<'de> serde::Deserialize<'de> for Exact {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Exact, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Exact;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number")
            }
            // Integers within the limit, the usual points and ratings, are read without
            // going through their text.
            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Exact, E> {
                if i128::from(value).abs() <= MAX_MAGNITUDE {
                    return Ok(Exact::integer(value));
                }
                Exact::parse_decimal(&value.to_string()).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Exact, E> {
                if i128::from(value) <= MAX_MAGNITUDE {
                    return Ok(Exact::integer(value as i64));
                }
                Exact::parse_decimal(&value.to_string()).map_err(E::custom)
            }
            fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Exact, E> {
                // A half (a draw's point) is exact in binary, and so is its decimal.
                let doubled = value * 2.0;
                if doubled.fract() == 0.0 && doubled.abs() <= 2.0 * MAX_MAGNITUDE as f64 {
                    return Ok(Exact::ratio(doubled as i128, 2));
                }
                if !value.is_finite() {
                    return Err(E::custom(NumberError::NotFinite));
                }
                // `{:e}` is the shortest round-trip form and never runs to hundreds of digits;
                // a refusal shows the number as a person writes it where that is short.
                let shown = if (1e-7..1e16).contains(&value.abs()) {
                    format!("{value}")
                } else {
                    format!("{value:e}")
                };
                Exact::parse_decimal(&format!("{value:e}")).map_err(|error| {
                    E::custom(match error {
                        NumberError::TooManyDecimals(_) => NumberError::TooManyDecimals(shown),
                        NumberError::TooLarge(_) => NumberError::TooLarge(shown),
                        other => other,
                    })
                })
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn cross_products_order_as_floors_do() {
        let values: Vec<Exact> = [-7, -2, -1, 0, 1, 2, 3, 7, 1_000_000, -999_999]
            .iter()
            .flat_map(|&num| [1, 2, 3, 4, 7, 1_000_000].map(|den| Exact::ratio(num, den)))
            .chain([
                Exact::ratio(i128::from(i64::MAX) * 3, 7),
                Exact::ratio(-5, 3),
            ])
            .collect();
        for a in &values {
            for b in &values {
                assert_eq!(a.cmp(b), cmp_by_floors(a, b), "{a} against {b}");
            }
        }
    }

    use super::*;

    fn parse(text: &str) -> Exact {
        Exact::parse_decimal(text).unwrap()
    }

    #[test]
    fn decimals_are_read_exactly() {
        assert_eq!(parse("0.1"), Exact::ratio(1, 10));
        assert_eq!(parse("-2.50"), Exact::ratio(-5, 2));
        assert_eq!(parse("1.25e2"), Exact::integer(125));
        assert_eq!(parse("125e-3"), Exact::ratio(1, 8));
        assert_eq!(parse("0.000001"), Exact::ratio(1, 1_000_000));
        assert_eq!(parse("1000000"), Exact::integer(1_000_000));
        assert_eq!(parse("0e99"), Exact::ZERO);
    }

    #[test]
    fn numbers_past_the_limits_are_refused() {
        assert!(matches!(
            Exact::parse_decimal("0.0000001"),
            Err(NumberError::TooManyDecimals(_))
        ));
        assert!(matches!(
            Exact::parse_decimal("1000000.5"),
            Err(NumberError::TooLarge(_))
        ));
        assert!(matches!(
            Exact::parse_decimal("1e300"),
            Err(NumberError::TooLarge(_))
        ));
        assert!(Exact::parse_decimal("1e-300").is_err());
    }

    #[test]
    fn json_floats_keep_their_decimal() {
        let value: Exact = serde_json::from_str("0.3").unwrap();
        assert_eq!(value, Exact::ratio(3, 10));
        let value: Exact = serde_json::from_str("183.125").unwrap();
        assert_eq!(value, Exact::ratio(1465, 8));
        let value: Exact = serde_json::from_str("-7").unwrap();
        assert_eq!(value, Exact::integer(-7));
        assert!(serde_json::from_str::<Exact>("\"7\"").is_err());
    }

    #[test]
    fn written_with_at_most_six_decimals_rounded_half_away_from_zero() {
        assert_eq!(Exact::integer(11).to_json(), "11");
        assert_eq!(Exact::ratio(25, 2).to_json(), "12.5");
        assert_eq!(Exact::ratio(1, 3).to_json(), "0.333333");
        assert_eq!(Exact::ratio(2, 3).to_json(), "0.666667");
        assert_eq!(Exact::ratio(-2, 3).to_json(), "-0.666667");
        // 0.0000005 is exactly half a millionth: away from zero.
        assert_eq!(Exact::ratio(1, 2_000_000).to_json(), "0.000001");
        assert_eq!(Exact::ratio(-1, 2_000_000).to_json(), "-0.000001");
        assert_eq!(Exact::ratio(-1, 3_000_000).to_json(), "0");
        assert_eq!(Exact::ratio(19_999_999, 2_000_000).to_json(), "10");
        assert_eq!(Exact::ZERO.to_json(), "0");
    }

    #[test]
    fn arithmetic_and_order_are_exact() {
        let third = Exact::ratio(1, 3);
        assert_eq!(third + third + third, Exact::ONE);
        assert_eq!(Exact::ratio(3, 4) * Exact::ratio(2, 3), Exact::ratio(1, 2));
        assert_eq!(Exact::integer(5).div_count(2), Exact::ratio(5, 2));
        assert!(Exact::ratio(1, 3) < Exact::ratio(334, 1000));
        assert!(Exact::ratio(-1, 3) > Exact::ratio(-334, 1000));
        assert!(Exact::ratio(7, 2) > Exact::integer(3));
        assert_eq!(
            Exact::ratio(10, 4).cmp(&Exact::ratio(5, 2)),
            Ordering::Equal
        );
        let big = Exact::ratio(i128::MAX / 7, 6_000_000_000_000);
        assert!(big > big - Exact::ratio(1, 6_000_000_000_000));
    }

    #[test]
    fn numbers_are_written_as_read() {
        for text in [
            "0",
            "3",
            "-2",
            "0.5",
            "-2.5",
            "0.1",
            "0.000001",
            "999999.999999",
        ] {
            let written = serde_json::to_string(&parse(text)).unwrap();
            assert_eq!(
                serde_json::from_str::<Exact>(&written).unwrap(),
                parse(text)
            );
        }
        // Points and ratings as a person writes them.
        for text in ["0", "3", "-2", "0.5", "-2.5", "1612.25"] {
            assert_eq!(serde_json::to_string(&parse(text)).unwrap(), text);
        }
    }
}
