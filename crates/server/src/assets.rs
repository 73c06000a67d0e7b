//! The web UI, embedded in the binary: pages are the single `index.html`,
//! scripts and styles are under `/assets/`.
//!
//! Each game's board is drawn by its own module `games/<name>.js` (exports
//! `createBoard(host, {submit, t})` and `seatInfo(view, t)`); a game without
//! one gets `games/generic.js`. A module may also export `lobbyOptions(...)`
//! to draw its own option fields in the lobby (Amakta does). A new renderer
//! is added to [`FILES`].

use crate::app::App;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// Every embedded file: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("assets/app.js")),
    ("i18n.js", "text/javascript; charset=utf-8", include_str!("assets/i18n.js")),
    ("markdown.js", "text/javascript; charset=utf-8", include_str!("assets/markdown.js")),
    ("svg.js", "text/javascript; charset=utf-8", include_str!("assets/svg.js")),
    ("analysis-board.js", "text/javascript; charset=utf-8", include_str!("assets/analysis-board.js")),
    ("account.js", "text/javascript; charset=utf-8", include_str!("assets/account.js")),
    ("seeks.js", "text/javascript; charset=utf-8", include_str!("assets/seeks.js")),
    ("chat.js", "text/javascript; charset=utf-8", include_str!("assets/chat.js")),
    ("rematch.js", "text/javascript; charset=utf-8", include_str!("assets/rematch.js")),
    ("tags.js", "text/javascript; charset=utf-8", include_str!("assets/tags.js")),
    ("games/ataxx.js", "text/javascript; charset=utf-8", include_str!("assets/games/ataxx.js")),
    ("games/abalone.js", "text/javascript; charset=utf-8", include_str!("assets/games/abalone.js")),
    ("games/formation.js", "text/javascript; charset=utf-8", include_str!("assets/games/formation.js")),
    ("games/amakta.js", "text/javascript; charset=utf-8", include_str!("assets/games/amakta.js")),
    (
        "games/amakta-infinit.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/games/amakta-infinit.js"),
    ),
    (
        "games/amakta-stones.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/games/amakta-stones.js"),
    ),
    ("games/amakta-lobby.js", "text/javascript; charset=utf-8", include_str!("assets/games/amakta-lobby.js")),
    ("games/amakta-moves.js", "text/javascript; charset=utf-8", include_str!("assets/games/amakta-moves.js")),
    ("games/generic.js", "text/javascript; charset=utf-8", include_str!("assets/games/generic.js")),
    ("favicon.svg", "image/svg+xml", include_str!("assets/favicon.svg")),
    // The research page and its data: the committed results of
    // `spielwerk amakta balance` (docs/amakta-research.md).
    ("research.js", "text/javascript; charset=utf-8", include_str!("assets/research.js")),
    ("research/recommended.json", "application/json", include_str!("../../../research/recommended.json")),
    (
        "research/hex4.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../research/confirm/hex4/summary.csv"),
    ),
    (
        "research/hex5.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../research/confirm/hex5/summary.csv"),
    ),
    (
        "research/hex6.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../research/confirm/hex6/summary.csv"),
    ),
    ("research/hex4.svg", "image/svg+xml", include_str!("../../../research/confirm/hex4/balance.svg")),
    ("research/hex5.svg", "image/svg+xml", include_str!("../../../research/confirm/hex5/balance.svg")),
    ("research/hex6.svg", "image/svg+xml", include_str!("../../../research/confirm/hex6/balance.svg")),
];

/// The routes of the web UI.
pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(index))
        .route("/play/{id}", get(index))
        .route("/analysis/{id}", get(index))
        .route("/rules/{game}", get(index))
        .route("/research/{page}", get(index))
        .route("/@/{name}", get(index))
        .route("/login", get(index))
        .route("/assets/{*name}", get(asset))
        .route("/favicon.ico", get(|| asset(Path("favicon.svg".to_owned()))))
}

/// The web UI's page with status 404, for a path nobody knows: the page
/// shows its own "not found".
pub fn missing_page() -> Response {
    let page = include_str!("assets/index.html");
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
        page,
    )
        .into_response()
}

async fn index() -> Response {
    asset(Path("index.html".to_owned())).await
}

async fn asset(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, content_type, body)) => {
            ([(header::CONTENT_TYPE, *content_type), (header::CACHE_CONTROL, "no-cache")], *body)
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
