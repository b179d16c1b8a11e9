//! Reading what callers send: JSON bodies, and dates and nights of the week as the
//! organiser's forms read them.

use actix_web::web::Json;
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use chrono::NaiveDate;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::ApiError;
use crate::domain::organisation::DisplayName;

/// A date written year-month-day, such as 2026-09-01.
pub fn date_of(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// A weekday's name in full, in any case.
pub use crate::domain::league::weekday_named as weekday_of;

/// A body's `name`, or what is wrong with it, said at `name`.
pub fn name_of(text: &str) -> Result<DisplayName, ApiError> {
    DisplayName::try_from(text).map_err(|error| ApiError::invalid_field("name", error.to_string()))
}

/// What a name field of the API takes: one line, not blank (the pattern the OpenAPI document
/// gives every name, besides its length).
pub const NAME_PATTERN: &str = r"^[^\u0000-\u001f\u007f-\u009f]*[^\s\u0000-\u001f\u007f-\u009f][^\u0000-\u001f\u007f-\u009f]*$";

/// The largest whole number the API reads as one (a little under 2^53, where JSON's numbers stop
/// being exact in most clients); the document bounds every integer it takes by it.
pub const LARGEST_WHOLE_NUMBER: i64 = 9_000_000_000_000_000;

/// An id in a request body, as the document states it: a whole number from 1.
pub struct Id;

impl utoipa::PartialSchema for Id {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .minimum(Some(1))
            .maximum(Some(LARGEST_WHOLE_NUMBER))
            .into()
    }
}

impl utoipa::ToSchema for Id {}

/// A JSON body read as `T`. A number with no fraction (`128.0`) counts as the whole number it
/// is, as JSON Schema's `integer` has it, so a client built from the OpenAPI document may send
/// either.
pub struct ApiJson<T>(pub T);

impl<T> ApiJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for ApiJson<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let value = Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let Json(value) = value.await?;
            read_as(value).map(ApiJson).map_err(Into::into)
        })
    }
}

/// `value` as `T`, its whole numbers written with a fraction taken as whole numbers.
pub fn read_as<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_json::from_value(whole_numbers(value)).map_err(|error| {
        ApiError::BadRequest(format!("The request body could not be read: {error}."))
    })
}

/// Every number of `value` that is a whole number written with a fraction (`3.0`), as the
/// whole number.
fn whole_numbers(value: Value) -> Value {
    match value {
        Value::Number(number) => match number.as_f64() {
            Some(float)
                if !number.is_i64()
                    && !number.is_u64()
                    && float.fract() == 0.0
                    && float.abs() <= LARGEST_WHOLE_NUMBER as f64 =>
            {
                Value::from(float as i64)
            }
            _ => Value::Number(number),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| (key, whole_numbers(value)))
                .collect(),
        ),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_numbers_written_with_a_fraction_are_whole_numbers() {
        assert_eq!(
            whole_numbers(json!({"a": 128.0, "b": [-4846.0, 1.5, 7], "c": "9.0"})),
            json!({"a": 128, "b": [-4846, 1.5, 7], "c": "9.0"})
        );
        let read: Result<u32, _> = read_as(json!(16.0));
        assert_eq!(read.unwrap(), 16);
        assert!(read_as::<u32>(json!(16.5)).is_err());
    }
}
