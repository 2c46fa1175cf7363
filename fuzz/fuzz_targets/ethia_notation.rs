//! libFuzzer harness of `arbiter_fuzz::ethia_notation`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::ethia_notation(data));
