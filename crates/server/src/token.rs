//! Secrets and identifiers: seat tokens (random 128-bit, hex), their SHA-256
//! hashes (the only form the database keeps), and match ids.

use rand::RngExt;
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// A new secret seat token: 128 random bits from the thread's CSPRNG, as 32
/// lowercase hex digits.
pub fn new_token() -> String {
    hex(&rand::rng().random::<[u8; 16]>())
}

/// A new match id: 64 random bits, as 16 lowercase hex digits.
pub fn new_match_id() -> String {
    hex(&rand::rng().random::<[u8; 8]>())
}

/// A random seed for a match's dice and bots.
pub fn new_seed() -> u64 {
    rand::rng().random()
}

/// The SHA-256 of a token, as 64 hex digits: what storage and memory keep,
/// so a leaked database does not leak the seats.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.trim().as_bytes()))
}

/// True for text that could be a match id (hex digits, at most 32), so that
/// nothing else reaches the database.
pub fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_distinct() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(hash_token(&a).len(), 64);
        assert_eq!(hash_token(&a), hash_token(&format!(" {a}\n")));
        assert_ne!(hash_token(&a), hash_token(&b));
        assert!(plausible_id(&new_match_id()));
        assert!(!plausible_id("../etc"));
        assert!(!plausible_id(""));
    }
}
