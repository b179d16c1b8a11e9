//! HTTP methods as monitors and crawlers expect them: `HEAD` answers as `GET` without a body,
//! and an address that exists for other methods answers 405 with `Allow` rather than 404.

use std::sync::OnceLock;

use actix_web::body::MessageBody;
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

include!(concat!(env!("OUT_DIR"), "/declared_routes.rs"));

/// Routes `HEAD` as `GET`. The connection still knows the request was `HEAD` and sends the
/// headers of the `GET` answer (its length included) without its body.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// Whether some route answers `method` at `path`: if not, no handler will run for the request.
pub fn is_routed(method: &Method, path: &str) -> bool {
    allowed_methods(path).contains(&method.as_str())
}

/// `pattern` with each id's segment (`{id}`, `{player_id}`) matching only a whole number, as
/// its handler reads it: `/squad/list` is no address of `DELETE /squad/{player_id}`, whose
/// handler would answer 404 there.
fn numeric_ids(pattern: &str) -> String {
    pattern
        .split('/')
        .map(
            |segment| match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(name) if name == "id" || name.ends_with("_id") => format!("{{{name}:-?\\d+}}"),
                _ => segment.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("/")
}

/// The methods some route answers at `path`, in a stable order, with `HEAD` wherever `GET`
/// is; empty when no route has this address.
pub fn allowed_methods(path: &str) -> Vec<&'static str> {
    static ROUTES: OnceLock<Vec<(&'static str, ResourceDef)>> = OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        DECLARED_ROUTES
            .iter()
            .map(|(method, pattern)| (*method, ResourceDef::new(numeric_ids(pattern))))
            .collect()
    });
    let mut allowed: Vec<&'static str> = routes
        .iter()
        .filter(|(_, route)| route.is_match(path))
        .map(|(method, _)| *method)
        .collect();
    if allowed.contains(&"GET") {
        allowed.push("HEAD");
    }
    allowed.sort_unstable();
    allowed.dedup();
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_routes_are_read_from_the_handlers() {
        assert!(DECLARED_ROUTES.contains(&("POST", "/login")));
        assert!(DECLARED_ROUTES.contains(&("GET", "/healthz")));
        assert!(DECLARED_ROUTES.contains(&("GET", "/api/v1/organisations/{slug}/teams")));
        assert!(DECLARED_ROUTES.len() > 80, "{}", DECLARED_ROUTES.len());
    }

    #[test]
    fn an_address_allows_the_methods_of_its_routes() {
        assert_eq!(allowed_methods("/login"), ["GET", "HEAD", "POST"]);
        assert_eq!(allowed_methods("/logout"), ["POST"]);
        assert_eq!(
            allowed_methods("/leagues/devon/fixtures/12/confirm"),
            ["POST"]
        );
        assert_eq!(
            allowed_methods("/api/v1/organisations/devon/teams"),
            ["GET", "HEAD", "POST"]
        );
        assert!(allowed_methods("/no/such/page").is_empty());
        // An id is a number: a word where a route has one is another route's address.
        assert_eq!(
            allowed_methods("/api/v1/organisations/devon/teams/3/squad/list"),
            ["POST"]
        );
        assert_eq!(
            allowed_methods("/api/v1/organisations/devon/teams/3/squad/12"),
            ["DELETE"]
        );
    }
}
