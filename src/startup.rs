//! Builds the HTTP server around a store and a key; `fives serve` and the tests both use it.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web as actix};
use tracing_actix_web::TracingLogger;

use crate::domain::mail::SiteLinks;
use crate::secret_key::SecretKey;
use crate::store::Store;
use crate::web::{self, AppState};

pub struct Application {
    address: SocketAddr,
    server: Server,
}

impl Application {
    /// Listens on `bind` (port 0 picks a free port) and prepares the server; [`run`] serves.
    ///
    /// [`run`]: Application::run
    pub fn build(bind: &str, store: Arc<dyn Store>, key: SecretKey) -> std::io::Result<Self> {
        Self::build_with_mail(bind, store, key, None)
    }

    /// As [`build`](Application::build), with mail on when `mail` gives the site's public
    /// address: the pages then queue mail (the sender is started apart, `mail::Sender`).
    pub fn build_with_mail(
        bind: &str,
        store: Arc<dyn Store>,
        key: SecretKey,
        mail: Option<SiteLinks>,
    ) -> std::io::Result<Self> {
        let listener = TcpListener::bind(bind)?;
        let address = listener.local_addr()?;
        let live = crate::app::live::LiveHub::spawn(&store);
        let live_hub = Arc::downgrade(&live);
        let state = actix::Data::new(AppState {
            live,
            store,
            key,
            pages: Default::default(),
            ratings: Default::default(),
            hashing: crate::password::HashingLimit::for_this_machine(),
            mail,
            reset_requests: Default::default(),
        });
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(web::form_config())
                .app_data(web::request_limits::payload_config())
                .app_data(web::path_config())
                .app_data(web::query_config())
                // The last wrapped is the outermost: every request gets a logging span; every
                // answer the security headers; HEAD is routed as GET; a body declared too large
                // is refused unread; then CSRF protection; then a NUL character in the
                // address or a form, which no text may hold. Whether a request has a session
                // is noted first, for the menu of any error page.
                .wrap(from_fn(web::nul_characters::refuse))
                .wrap(from_fn(web::csrf::protect))
                .wrap(from_fn(web::request_limits::refuse_oversized_bodies))
                .wrap(from_fn(web::http_methods::head_as_get))
                .wrap(from_fn(web::security_headers::add))
                .wrap(from_fn(web::error::note_the_visitor))
                .wrap(TracingLogger::default())
                .configure(web::routes)
        })
        .listen(listener)?
        // The process's own stop, below: the live feeds end first, or they would hold the
        // graceful stop open until its timeout.
        .disable_signals()
        .run();
        tokio::spawn(stop_on_signal(server.handle(), live_hub));
        Ok(Self { address, server })
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Stops the server from elsewhere, as tests do when they finish.
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    pub async fn run(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// On SIGINT or SIGTERM: the live feeds end (their clients reconnect elsewhere), then the
/// server stops gracefully, finishing the requests under way.
async fn stop_on_signal(server: ServerHandle, live: std::sync::Weak<crate::app::live::LiveHub>) {
    let interrupted = tokio::signal::ctrl_c();
    #[cfg(unix)]
    let terminated = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminated = std::future::pending::<()>();
    tokio::select! {
        _ = interrupted => {}
        _ = terminated => {}
    }
    if let Some(live) = live.upgrade() {
        live.close();
    }
    server.stop(true).await;
}
