//! libFuzzer harness of `arbiter_fuzz::terrain_kit`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::terrain_kit(data));
