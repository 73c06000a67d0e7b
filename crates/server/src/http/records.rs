//! The download of a game's record (see [`crate::features::records`]).

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::records;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// The route of records' downloads (the import is the game routes').
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/games/{id}/record", get(download))
}

/// `GET /api/games/{id}/record`: the record as a text attachment.
async fn download(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, DomainError> {
    let file = records::download(&app, &id).await?;
    let disposition = format!("attachment; filename=\"{}\"", file.filename);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        file.text,
    )
        .into_response())
}
