//! libFuzzer harness of `arbiter_fuzz::bestiary`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::bestiary(data));
