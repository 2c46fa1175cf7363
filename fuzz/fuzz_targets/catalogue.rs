//! libFuzzer harness of `arbiter_fuzz::catalogue`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::catalogue(data));
