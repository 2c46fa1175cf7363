//! libFuzzer harness of `arbiter_fuzz::essence_notation`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::essence_notation(data));
