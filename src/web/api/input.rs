//! Reading what callers send: JSON bodies, and dates and nights of the week as the
//! organiser's forms read them.

use actix_web::web::Json;
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use chrono::NaiveDate;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::auth::ApiCaller;
use super::error::{ApiError, NO_TOKEN};
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

/// A JSON body read as `T`, for an endpoint that needs a token. A number with no fraction
/// (`128.0`) counts as the whole number it is, as JSON Schema's `integer` has it, so a client
/// built from the OpenAPI document may send either. The caller is authenticated before being
/// told what is wrong with the body (actix runs extractors at once, so a bad body would
/// otherwise be answered before a missing or bad token).
pub struct ApiJson<T>(pub T);

/// A JSON body read as `T` for an endpoint anyone may call, its address being its authority
/// (a table's link): no token is looked for.
pub struct LinkJson<T>(pub T);

impl<T> ApiJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> LinkJson<T> {
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

/// The request's JSON body as `T`, or why it cannot be.
fn json_body<T: DeserializeOwned + std::fmt::Debug + 'static>(
    req: &HttpRequest,
    payload: &mut Payload,
) -> LocalBoxFuture<'static, Result<T, actix_web::Error>> {
    let value = Json::<Value>::from_request(req, payload);
    Box::pin(async move {
        let Json(value) = value.await?;
        read_as(value).map_err(Into::into)
    })
}

impl<T: DeserializeOwned + std::fmt::Debug + 'static> FromRequest for ApiJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = json_body(req, payload);
        // Only looked up when the body is wrong; the handler's own `ApiCaller` does otherwise.
        let caller = ApiCaller::from_request(req, &mut Payload::None);
        Box::pin(async move {
            match body.await {
                Ok(body) => Ok(ApiJson(body)),
                Err(error) => match caller.await?.signed_in {
                    Some(_) => Err(error),
                    None => Err(ApiError::Unauthenticated(NO_TOKEN).into()),
                },
            }
        })
    }
}

impl<T: DeserializeOwned + std::fmt::Debug + 'static> FromRequest for LinkJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = json_body(req, payload);
        Box::pin(async move { body.await.map(LinkJson) })
    }
}

/// What a field holding a NUL character is told.
pub const NUL_CHARACTER: &str = "This holds a NUL character (U+0000), which no text here may hold.";

/// `value` as `T`, its whole numbers written with a fraction taken as whole numbers. A string
/// `T` keeps that holds a NUL character is refused at its field (PostgreSQL's text cannot hold
/// one, and no person writes one); one in a field `T` ignores is let be, as the field is.
pub fn read_as<T: DeserializeOwned + std::fmt::Debug>(value: Value) -> Result<T, ApiError> {
    // Every body is an object; serde would also read a struct from an array of its fields.
    if !value.is_object() {
        return Err(ApiError::BadRequest(
            "The request body must be a JSON object, as /api/v1/openapi.json describes it."
                .to_string(),
        ));
    }
    let nul_at = field_with_nul(&value, String::new());
    let read: T = serde_json::from_value(whole_numbers(value)).map_err(|error| {
        ApiError::BadRequest(format!("The request body could not be read: {error}."))
    })?;
    // What `T` kept shows in its `Debug` form, where a NUL is written `\0`.
    if let Some(field) = nul_at
        && holds_escaped_nul(&format!("{read:?}"))
    {
        return Err(ApiError::invalid_field(&field, NUL_CHARACTER));
    }
    Ok(read)
}

/// Whether `debug`, text in Rust's `Debug` form, writes a NUL character (`\0`, not `\\0`).
fn holds_escaped_nul(debug: &str) -> bool {
    let mut backslashes = 0;
    for c in debug.chars() {
        match c {
            '\\' => backslashes += 1,
            '0' if backslashes % 2 == 1 => return true,
            _ => backslashes = 0,
        }
    }
    false
}

/// The path in the body (`games[1].hands[0]`) of the first string value of `value` holding a
/// NUL character. A key is not kept as text of its own (an open object is kept as JSON, where
/// a NUL is written `\u0000`), so it is not looked at.
fn field_with_nul(value: &Value, path: String) -> Option<String> {
    match value {
        Value::String(text) if text.contains('\0') => Some(path),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(index, item)| field_with_nul(item, format!("{path}[{index}]"))),
        Value::Object(fields) => fields.iter().find_map(|(key, value)| {
            let inner = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            field_with_nul(value, inner)
        }),
        _ => None,
    }
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
        #[derive(Debug, serde::Deserialize)]
        struct Count {
            count: u32,
        }
        let read: Result<Count, _> = read_as(json!({"count": 16.0}));
        assert_eq!(read.unwrap().count, 16);
        assert!(read_as::<Count>(json!({"count": 16.5})).is_err());
        // Not an object: serde alone would read the struct from an array.
        assert!(read_as::<Count>(json!([16])).is_err());
    }

    #[test]
    fn a_nul_character_is_refused_at_its_field() {
        assert_eq!(
            field_with_nul(
                &json!({"games": [{"hands": ["a", "b\u{0}"]}]}),
                String::new()
            ),
            Some("games[0].hands[1]".to_string())
        );
        assert_eq!(
            field_with_nul(&json!({"name": "Anchor"}), String::new()),
            None
        );
        assert!(holds_escaped_nul(r#"Body { name: "a\0b" }"#));
        assert!(!holds_escaped_nul(r#"Body { name: "a\\0b" }"#));
        // A NUL in a field the body ignores is no matter.
        #[derive(Debug, serde::Deserialize)]
        struct Named {
            name: String,
        }
        let read: Named = read_as(json!({"name": "Anchor", "other": "\u{0}"})).unwrap();
        assert_eq!(read.name, "Anchor");
        assert!(read_as::<Named>(json!({"name": "An\u{0}chor"})).is_err());
    }
}
