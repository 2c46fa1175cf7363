//! libFuzzer harness of `arbiter_fuzz::warbands`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::warbands(data));
