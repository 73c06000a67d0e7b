//! The web UI, embedded in the binary: pages are the single `index.html`,
//! the script and styles are the bundle `/assets/app.js` and `/assets/app.css`.
//!
//! The UI's sources are TypeScript under `web/src` (see `web/README.md`);
//! `web/build.mjs` bundles them into `web/dist`, which is committed, so the
//! server builds without Node. Each game's board is a module of
//! `web/src/games`, looked up by the game's name in `web/src/boards.ts`.

use crate::core::app::App;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// Every embedded file: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../../../../web/static/index.html")),
    ("favicon.svg", "image/svg+xml", include_str!("../../../../web/static/favicon.svg")),
    // The UI's bundle, built from `web/src` by `web/build.mjs` and committed.
    ("app.js", "text/javascript; charset=utf-8", include_str!("../../../../web/dist/app.js")),
    ("app.css", "text/css; charset=utf-8", include_str!("../../../../web/dist/app.css")),
    ("charts.js", "text/javascript; charset=utf-8", include_str!("../../../../web/dist/charts.js")),
    ("boot.js", "text/javascript; charset=utf-8", include_str!("../../../../web/dist/boot.js")),
    // The research page and its data: the committed results of
    // `spielwerk amakta balance` (docs/amakta-research.md).
    ("research/recommended.json", "application/json", include_str!("../../../../research/recommended.json")),
    (
        "research/hex4.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../../research/confirm/hex4/summary.csv"),
    ),
    (
        "research/hex5.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../../research/confirm/hex5/summary.csv"),
    ),
    (
        "research/hex6.csv",
        "text/csv; charset=utf-8",
        include_str!("../../../../research/confirm/hex6/summary.csv"),
    ),
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
        .route("/settings", get(index))
        .route("/games", get(index))
        .route("/learn", get(index))
        .route("/learn/{game}", get(index))
        .route("/puzzles", get(index))
        .route("/puzzles/{game}", get(index))
        .route("/puzzles/{game}/{id}", get(index))
        .route("/assets/{*name}", get(asset))
        .route("/favicon.ico", get(|| asset(Path("favicon.svg".to_owned()))))
}

/// The web UI's page with status 404, for a path nobody knows: the page
/// shows its own "not found".
pub fn missing_page() -> Response {
    let page = include_str!("../../../../web/static/index.html");
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
        page,
    )
        .into_response()
}

pub(crate) async fn index() -> Response {
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
