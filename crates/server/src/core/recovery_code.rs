//! Recovery codes: what lets the owner of an account who forgot the
//! password set a new one without e-mail (see
//! `features::account_care`), and the operator's way to give an owner a
//! new one (`spielwerk account reset NAME`, [`reset`]).
//!
//! A code is [`CODE_LENGTH`] letters and digits without look-alikes, shown
//! in groups of four; it is read back however it is typed (case, blanks
//! and dashes aside, [`normalized_code`]) and stored only as its argon2id
//! hash, as a password is.

use crate::core::account_name::AccountName;
use crate::core::error::DomainError;
use crate::core::passwords::Memory;
use crate::core::storage::error_of;
use crate::store::{Database, ErrorKind, Op, Store};
use game::text;
use rand::Rng;

/// The letters of recovery codes: upper case and digits without
/// look-alikes (no `0 O 1 I L`).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// The letters of a recovery code (about 99 bits).
pub const CODE_LENGTH: usize = 20;

/// A new recovery code: [`CODE_LENGTH`] letters in groups of four joined
/// by `-`.
pub fn new_recovery_code() -> String {
    let mut rng = rand::rng();
    let letters: Vec<char> = (0..CODE_LENGTH)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect();
    letters.chunks(4).map(|group| group.iter().collect::<String>()).collect::<Vec<_>>().join("-")
}

/// A recovery code as typed, the way it is hashed: its letters and digits
/// in upper case, blanks and dashes aside (so `abcd efgh…` is the code
/// `ABCD-EFGH-…`); at most 200 characters are looked at.
pub fn normalized_code(typed: &str) -> String {
    typed.chars().take(200).filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// Gives the open account `name` of the database `db` a new recovery code
/// (the old one stops working; the password stays until its owner
/// recovers with the new code) and returns the account's name as stored
/// and the code. 404 for no such open account, 422 for a name that is none.
pub async fn reset(db: &Database, name: &str) -> Result<(String, String), DomainError> {
    let name = AccountName::parse(name)?;
    let no_account =
        || DomainError::not_found(text!("no open account '{name}'", "kein offenes Konto „{name}“"));
    let store = Store::open(db).await.map_err(error_of)?;
    let account = store.account_by_name(name.as_str()).await.map_err(error_of)?.ok_or_else(no_account)?;
    let code = new_recovery_code();
    let normalized = normalized_code(&code);
    let hashed = tokio::task::spawn_blocking(move || Memory::new().hash(normalized.as_bytes())).await;
    let recovery_hash = match hashed {
        Ok(Ok(hash)) => hash,
        _ => {
            return Err(DomainError::internal(text!(
                "hashing the recovery code failed",
                "das Hashen des Wiederherstellungscodes ist fehlgeschlagen"
            )));
        }
    };
    let op = Op::SetRecoveryCode { account_id: account.id, recovery_hash };
    match store.write(vec![op]).await {
        Ok(()) => Ok((account.name, code)),
        Err(error) if error.kind() == ErrorKind::NotFound => Err(no_account()),
        Err(error) => Err(error_of(error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_five_groups_of_four_and_read_back_however_typed() {
        let code = new_recovery_code();
        assert_eq!(code.len(), 24, "{code}");
        assert!(code.split('-').all(|group| group.len() == 4), "{code}");
        assert!(code.bytes().all(|b| b == b'-' || CODE_ALPHABET.contains(&b)), "{code}");
        assert_ne!(code, new_recovery_code());
        let typed = format!(" {} ", code.to_lowercase().replace('-', " "));
        assert_eq!(normalized_code(&typed), code.replace('-', ""));
        assert_eq!(normalized_code(&"x".repeat(10_000)).len(), 200, "a huge input is cut");
    }
}
