//! libFuzzer harness of `arbiter_fuzz::quests`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::quests(data));
