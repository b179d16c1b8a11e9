//! The headers every answer carries so that browsers keep the site's pages to themselves:
//! only the site's own script and style run, no other site may frame a page, a response is
//! never sniffed into another type, addresses (an invitation's token, say) are not sent to
//! other sites, and what a signed-in person sees is not kept in any cache.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;

use super::session::SESSION_COOKIE;

/// The site's own script and style only (no inline script or style attribute anywhere in the
/// templates), its own images, forms posted to itself, and no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; \
     base-uri 'none'; frame-ancestors 'none'";

pub async fn add(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // A signed-in browser, or a script with its token: the answer is theirs alone.
    let personal =
        req.cookie(SESSION_COOKIE).is_some() || req.headers().contains_key(header::AUTHORIZATION);
    // Handlers' errors arrive here as answers; the layers within answer their refusals too.
    let mut response = next.call(req).await?.map_into_boxed_body();
    let sets_cookie = response.headers().contains_key(header::SET_COOKIE);
    let headers = response.headers_mut();
    set(
        headers,
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    );
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(headers, header::REFERRER_POLICY, "same-origin");
    if personal || sets_cookie {
        set(headers, header::CACHE_CONTROL, "no-store");
    }
    Ok(response)
}

fn set(headers: &mut HeaderMap, name: header::HeaderName, value: &'static str) {
    headers.insert(name, HeaderValue::from_static(value));
}
