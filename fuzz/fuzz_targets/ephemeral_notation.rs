//! libFuzzer harness of `arbiter_fuzz::ephemeral_notation`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::ephemeral_notation(data));
