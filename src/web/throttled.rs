//! What a page that counts a client's tries needs: the address the tries are counted by, and
//! the answer that tells a client to wait.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Duration;

/// The address a client's tries are counted by: the connection's, so that a header a client
/// writes cannot move its count elsewhere.
pub fn client_address(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|address| address.ip().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

/// A refused attempt's page, with `Retry-After` saying how long to wait.
pub fn waiting(mut page: HttpResponse, wait: Duration) -> HttpResponse {
    let seconds = wait.num_seconds().max(1);
    if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
        page.headers_mut().insert(header::RETRY_AFTER, value);
    }
    page
}
