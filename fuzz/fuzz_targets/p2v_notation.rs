//! libFuzzer harness of `arbiter_fuzz::p2v_notation`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::p2v_notation(data));
