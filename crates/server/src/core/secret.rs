//! Game ids, seat tokens and invite codes, and how they are stored (hashed).

use rand::Rng;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// Letters of game ids: lower case and digits without look-alikes.
const ID_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new random game id (12 characters, about 59 bits).
pub fn new_game_id() -> String {
    let mut rng = rand::rng();
    (0..12).map(|_| char::from(ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())])).collect()
}

/// Whether `id` looks like a game id (so that nothing else reaches the
/// database).
pub fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// A new secret (token or invite code): 32 random bytes as hex.
pub fn new_secret() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    hex(&bytes)
}

/// The stored form of a secret: its SHA-256 as hex.
pub fn hash_secret(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_valid_and_distinct() {
        let a = new_game_id();
        let b = new_game_id();
        assert!(is_game_id(&a) && is_game_id(&b));
        assert_ne!(a, b);
        assert!(!is_game_id("../x") && !is_game_id("") && !is_game_id("ABC"));
    }

    #[test]
    fn secrets_hash_to_sha256_hex() {
        assert_eq!(hash_secret("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(new_secret().len(), 64);
    }
}
