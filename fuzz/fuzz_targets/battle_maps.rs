//! libFuzzer harness of `arbiter_fuzz::battle_maps`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::battle_maps(data));
