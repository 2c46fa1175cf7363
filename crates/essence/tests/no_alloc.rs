//! The play-out hot path allocates nothing: move generation into a reserved
//! buffer, drawing random actions and applying them. A counting allocator
//! wraps the system one and counts allocations made by this test's thread.
// A global allocator can only be written with `unsafe impl`; this file is the
// one place the workspace allows it, and it only forwards to `System`.
#![allow(unsafe_code, clippy::unwrap_used)]

use arbiter_core::{Discard, Game, ToMove};
use arbiter_essence::{Essence, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if ARMED.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if ARMED.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_play_outs_and_move_generation_do_not_allocate() {
    for v in Variant::all_rulebook_combinations() {
        let g = Essence::new(v, 2).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut list = Vec::with_capacity(4096);
        let mut scratch = Vec::with_capacity(4096);
        let mut decisions = 0;
        ARMED.with(|a| a.set(true));
        for _ in 0..50 {
            let mut s = g.initial_state();
            while g.to_move(&s) != ToMove::Over {
                list.clear();
                g.legal_actions(&s, &mut list);
                let a = g.random_action(&s, &mut rng, &mut scratch).unwrap();
                g.apply_legal(&mut s, &a, &mut Discard);
                decisions += 1;
            }
        }
        ARMED.with(|a| a.set(false));
        assert!(decisions > 1000);
        assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), 0, "allocations in {decisions} decisions");
    }
    // The counter works: an allocation while armed is seen.
    ARMED.with(|a| a.set(true));
    let v: Vec<u64> = Vec::with_capacity(8);
    ARMED.with(|a| a.set(false));
    drop(v);
    assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), 1);
}
