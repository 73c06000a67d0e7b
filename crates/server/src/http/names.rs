//! Account names in a route's path (`/api/players/{name}`,
//! `/api/account/mutes/{name}`), read as
//! [`AccountName`](crate::core::account_name::AccountName)s before any
//! handler sees them: a name that is none is refused with 422 in both
//! languages, a path that cannot be read with 400.

use crate::core::account_name::AccountName;
use crate::core::error::DomainError;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use game::text;

/// The name of a route whose only path parameter is an account's name.
impl<S: Send + Sync> FromRequestParts<S> for AccountName {
    type Rejection = DomainError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<AccountName, DomainError> {
        let Path(name) = Path::<String>::from_request_parts(parts, state).await.map_err(|rejection| {
            let detail = rejection.body_text();
            DomainError::bad_request(text!("{detail}", "Anfrage abgelehnt: {detail}"))
        })?;
        AccountName::parse(&name)
    }
}
