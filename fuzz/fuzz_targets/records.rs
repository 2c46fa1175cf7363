//! libFuzzer harness of `arbiter_fuzz::records`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::records(data));
