//! libFuzzer harness of `arbiter_fuzz::server_messages`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::server_messages(data));
