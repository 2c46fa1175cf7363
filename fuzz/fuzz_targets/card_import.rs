//! libFuzzer harness of `arbiter_fuzz::card_import`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::card_import(data));
