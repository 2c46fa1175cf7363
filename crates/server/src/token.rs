//! Secrets and identifiers: seat tokens (random 128-bit, hex), their SHA-256
//! hashes (the only form the database keeps), match ids, and each match's
//! sealed seed: the seed and a salt from the operating system's generator,
//! and the commitment to them that is published at creation (docs/api.md,
//! "How dice are made fair").

use rand::rngs::SysRng;
use rand::{RngExt, TryRng};
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

/// A seed for a match's dice and bots, from the operating system's secure
/// generator (`getrandom`); an error if the system cannot give one.
pub fn new_seed() -> Result<u64, String> {
    let mut bytes = [0u8; 8];
    SysRng.try_fill_bytes(&mut bytes).map_err(|e| format!("the system's random generator failed: {e}"))?;
    Ok(u64::from_le_bytes(bytes))
}

/// A salt for a match's seed commitment: 256 bits from the operating
/// system's secure generator, as 64 lowercase hex digits. It makes the
/// commitment impossible to reverse by trying every 64-bit seed.
pub fn new_salt() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    SysRng.try_fill_bytes(&mut bytes).map_err(|e| format!("the system's random generator failed: {e}"))?;
    Ok(hex(&bytes))
}

/// The commitment to a match's seed: the SHA-256 of the text
/// `{seed}:{salt}` (the seed in decimal, the salt as stored: 64 hex
/// digits), as 64 lowercase hex digits. Anyone can check it with
/// `printf '%s:%s' SEED SALT | sha256sum`.
pub fn seed_commitment(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(format!("{seed}:{salt}").as_bytes()))
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

    #[test]
    fn seeds_and_salts_come_from_the_system_and_commitments_are_sha256_of_seed_and_salt() {
        let (a, b) = (new_seed().unwrap(), new_seed().unwrap());
        assert_ne!(a, b, "two seeds from the system differ");
        let salt = new_salt().unwrap();
        assert_eq!(salt.len(), 64);
        assert!(salt.bytes().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(salt, new_salt().unwrap());
        // printf '%s:%s' 42 000…0 | sha256sum
        let zeros = "0".repeat(64);
        assert_eq!(seed_commitment(42, &zeros), "42b5e29dd273c7c06eeeb9fc8ffab1caaba636f8d3cc083d5f2a786ec85d31e4");
        assert_ne!(seed_commitment(42, &zeros), seed_commitment(43, &zeros));
        assert_ne!(seed_commitment(42, &zeros), seed_commitment(42, &salt));
    }
}
