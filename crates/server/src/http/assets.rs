//! The web UI, embedded in the binary: pages are the single `index.html`,
//! the script and styles are the bundle `/assets/app.js` and `/assets/app.css`,
//! and the code of the pages a first load does not need comes in chunks
//! (`/assets/chunk-<hash>.js`) that `app.js` imports when a page is opened.
//!
//! The UI's sources are TypeScript under `web/src` (see `web/README.md`);
//! `web/build.mjs` bundles them into `web/dist`, which is committed, so the
//! server builds without Node. Each game's board is a module of
//! `web/src/games`, looked up by the game's name in `web/src/boards.ts`.
//!
//! # Caching and compression
//!
//! The page names the files it loads with their content hash
//! (`/assets/app.<hash>.js`, see [`HASHED`]); a file asked for by its
//! current hash is sent `Cache-Control: public, max-age=31536000,
//! immutable`, so a reload fetches none of them; so is a chunk, whose name
//! the bundler made of its content ([`is_chunk`]). Everything else — the
//! page itself, a file by its plain name, the registry — is sent
//! `no-cache` with a strong ETag and answered `304 Not Modified` when the
//! browser's copy is current. Bodies of 1 KB and more are sent in brotli or
//! gzip as the browser accepts, each compressed once, on first demand
//! ([`Encoded`]).

use crate::core::app::App;
use crate::core::encoded::{Coding, Encoded};
use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::{Arc, LazyLock};

/// The UI's bundle, built from `web/src` by `web/build.mjs` and committed:
/// every file of `web/dist` as name and contents (listed by `build.rs`).
const DIST: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/dist.rs"));

/// Every embedded file but the bundle's: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../../../../web/static/index.html")),
    ("favicon.svg", "image/svg+xml", include_str!("../../../../web/static/favicon.svg")),
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
        .route("/tournaments", get(index))
        .route("/bots", get(index))
        .route("/tournaments/{id}", get(index))
        .route("/leagues", get(index))
        .route("/leagues/{game}", get(index))
        .route("/learn", get(index))
        .route("/learn/{game}", get(index))
        .route("/learn/{game}/{step}", get(index))
        .route("/puzzles", get(index))
        .route("/puzzles/{game}", get(index))
        .route("/puzzles/{game}/{id}", get(index))
        .route("/assets/{*name}", get(asset))
        .route("/favicon.ico", get(|request: HeaderMap| asset(Path("favicon.svg".to_owned()), request)))
}

/// The files the page names by their content hash.
const HASHED: [&str; 4] = ["app.css", "boot.js", "app.js", "favicon.svg"];

/// An embedded file, its content type and its body.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: Encoded,
}

/// The embedded files (see [`FILES`] and [`DIST`]), hashed once.
static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let bundle = DIST.iter().map(|&(name, body)| (name, content_type(name), body));
    FILES
        .iter()
        .copied()
        .chain(bundle)
        .map(|(name, content_type, body)| Asset { name, content_type, body: Encoded::new(body) })
        .collect()
});

/// The content type of a file of the bundle, by its extension.
fn content_type(name: &str) -> &'static str {
    if name.ends_with(".css") { "text/css; charset=utf-8" } else { "text/javascript; charset=utf-8" }
}

/// Whether `name` is a chunk of the bundle (`chunk-<hash>.js`), named by
/// the bundler after its content: a changed chunk gets a new name.
fn is_chunk(name: &str) -> bool {
    name.strip_prefix("chunk-").and_then(|rest| rest.strip_suffix(".js")).is_some_and(|hash| {
        !hash.is_empty() && hash.bytes().all(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit())
    })
}

/// The page, naming the files of [`HASHED`] by their hash.
static PAGE: LazyLock<Encoded> = LazyLock::new(|| {
    let mut page = include_str!("../../../../web/static/index.html").to_owned();
    for asset in ASSETS.iter().filter(|asset| HASHED.contains(&asset.name)) {
        page = page
            .replace(&format!("\"/assets/{}\"", asset.name), &format!("\"/assets/{}\"", hashed_name(asset)));
    }
    Encoded::new(page)
});

/// `name` with the file's hash before its extension: `app.<hash>.js`.
fn hashed_name(asset: &Asset) -> String {
    match asset.name.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}.{}.{extension}", asset.body.hash()),
        None => format!("{}.{}", asset.name, asset.body.hash()),
    }
}

/// How long a browser may keep a fixed reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caching {
    /// Kept, but asked for again each time (`no-cache`; 304 while current).
    Revalidate,
    /// Kept for a year unasked: the address changes with the content.
    Immutable,
}

/// The reply of the fixed body `encoded` to a request with `request`
/// headers: 304 when the browser has it, else the body in the best coding
/// the browser accepts.
pub fn fixed_reply(encoded: &Encoded, content_type: &str, caching: Caching, request: &HeaderMap) -> Response {
    fixed_reply_with_status(StatusCode::OK, encoded, content_type, caching, request)
}

/// [`fixed_reply`] with another status than 200 (no 304 then).
fn fixed_reply_with_status(
    status: StatusCode,
    encoded: &Encoded,
    content_type: &str,
    caching: Caching,
    request: &HeaderMap,
) -> Response {
    let header_text = |name| request.get(name).and_then(|value: &HeaderValue| value.to_str().ok());
    let cache_control = match caching {
        Caching::Revalidate => "no-cache",
        Caching::Immutable => "public, max-age=31536000, immutable",
    };
    let etag = encoded.etag();
    let kept = [
        (header::CACHE_CONTROL, cache_control.to_owned()),
        (header::ETAG, etag),
        (header::VARY, "Accept-Encoding".to_owned()),
    ];
    if status == StatusCode::OK
        && header_text(header::IF_NONE_MATCH).is_some_and(|tags| encoded.matches(tags))
    {
        return (StatusCode::NOT_MODIFIED, kept).into_response();
    }
    let coding = encoded.coding(Coding::accepted(header_text(header::ACCEPT_ENCODING).unwrap_or_default()));
    let mut response =
        (status, kept, [(header::CONTENT_TYPE, content_type)], encoded.body(coding)).into_response();
    if let Some(name) = coding.header() {
        response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    }
    response
}

/// The web UI's page with status 404, for a path nobody knows: the page
/// shows its own "not found".
pub fn missing_page(request: &HeaderMap) -> Response {
    fixed_reply_with_status(
        StatusCode::NOT_FOUND,
        &PAGE,
        "text/html; charset=utf-8",
        Caching::Revalidate,
        request,
    )
}

/// The page, for every path of the web UI.
pub(crate) async fn index(request: HeaderMap) -> Response {
    fixed_reply(&PAGE, "text/html; charset=utf-8", Caching::Revalidate, &request)
}

/// An embedded file by its plain name (revalidated) or by its hashed name
/// (immutable; a name with an older hash gets today's file, revalidated).
async fn asset(Path(name): Path<String>, request: HeaderMap) -> Response {
    if let Some(asset) = ASSETS.iter().find(|asset| asset.name == name) {
        let caching = if is_chunk(&name) { Caching::Immutable } else { Caching::Revalidate };
        return fixed_reply(&asset.body, asset.content_type, caching, &request);
    }
    let Some((asset, current)) = unhashed(&name) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let caching = if current { Caching::Immutable } else { Caching::Revalidate };
    fixed_reply(&asset.body, asset.content_type, caching, &request)
}

/// The file a hashed name `<stem>.<hash>.<extension>` names, and whether
/// the hash is its current one.
fn unhashed(name: &str) -> Option<(&'static Asset, bool)> {
    let (rest, extension) = name.rsplit_once('.')?;
    let (stem, hash) = rest.rsplit_once('.')?;
    let asset = ASSETS.iter().find(|asset| asset.name == format!("{stem}.{extension}"))?;
    Some((asset, asset.body.hash() == hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_each_hashed_file_by_its_hash() {
        let page = String::from_utf8(PAGE.body(Coding::Identity).to_vec()).unwrap();
        for name in HASHED {
            let asset = ASSETS.iter().find(|asset| asset.name == name).unwrap();
            let hashed = hashed_name(asset);
            assert!(page.contains(&format!("/assets/{hashed}")), "{name}: {page}");
            assert_eq!(unhashed(&hashed).map(|(a, current)| (a.name, current)), Some((name, true)));
        }
        assert!(!page.contains("\"/assets/app.js\""), "{page}");
        assert_eq!(
            unhashed("app.0000000000000000.js").map(|(a, current)| (a.name, current)),
            Some(("app.js", false))
        );
        assert!(unhashed("nothing.0000000000000000.js").is_none());
    }

    #[test]
    fn every_file_of_the_bundle_is_embedded_and_chunks_are_told_apart() {
        let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
        let mut on_disk: Vec<String> = std::fs::read_dir(dist)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        on_disk.sort();
        let embedded: Vec<&str> = DIST.iter().map(|&(name, _)| name).collect();
        assert_eq!(embedded, on_disk);
        let chunks = embedded.iter().filter(|name| is_chunk(name)).count();
        assert!(chunks > 0, "the bundle has chunks: {embedded:?}");
        assert_eq!(chunks + 3, embedded.len(), "app.js, app.css, boot.js and chunks: {embedded:?}");
        assert!(!is_chunk("app.js") && !is_chunk("chunk-.js") && !is_chunk("chunk-abc.js"));
    }
}
