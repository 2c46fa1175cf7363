//! libFuzzer harness of `arbiter_fuzz::figure_sets`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::figure_sets(data));
