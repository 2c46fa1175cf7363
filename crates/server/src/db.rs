//! The storage thread: one dedicated OS thread owns the [`Store`] and runs
//! jobs sent from async code (one writer), answering each through a oneshot
//! channel. Database work never runs on the async runtime.
//!
//! **Group commit.** When jobs queue up while the thread is busy, it takes
//! them all (up to [`MAX_GROUP`]) and runs them in one transaction
//! ([`Store::begin_group`]): every job is still all or nothing, but the
//! group costs one commit, one disk flush, instead of one each. No job's answer is sent before its group is committed, so
//! "committed before acknowledged" holds; if the commit fails, every job of
//! the group is answered with that error (reads too: they may have seen the
//! group's writes). A job alone in the queue runs by itself, as before.
//! Under load this turns the flush rate into the throughput limit no
//! longer: a flush serves every action that arrived during the previous one.

use crate::store::{Store, StoreError};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;

/// The most jobs committed together.
pub const MAX_GROUP: usize = 256;

/// Sends a job's answer; given the group's error if the group failed.
type Deliver = Box<dyn FnOnce(Option<StoreError>) + Send>;
type Job = Box<dyn FnOnce(&mut dyn Store) -> Deliver + Send>;

/// A handle to the storage thread; cheap to clone. The thread ends (and the
/// database closes) when the last handle is dropped.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
}

impl Db {
    /// Starts the storage thread with a store.
    pub fn spawn(store: Box<dyn Store>) -> Result<Db, StoreError> {
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("arbiter-db".into())
            .spawn(move || {
                let mut store = store;
                while let Ok(first) = rx.recv() {
                    let mut group = vec![first];
                    while group.len() < MAX_GROUP {
                        match rx.try_recv() {
                            Ok(job) => group.push(job),
                            Err(_) => break,
                        }
                    }
                    run_group(&mut *store, group);
                }
            })
            .map_err(|e| StoreError::Database(format!("could not start the storage thread: {e}")))?;
        Ok(Db { jobs })
    }

    /// Runs `f` on the storage thread and waits for its answer, which comes
    /// once what `f` wrote is committed.
    pub async fn run<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: FnOnce(&mut dyn Store) -> Result<R, StoreError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |store: &mut dyn Store| {
                let result = f(store);
                Box::new(move |failed: Option<StoreError>| {
                    let answer = match (failed, result) {
                        (Some(e), Ok(_)) => Err(e),
                        (_, result) => result,
                    };
                    let _ = tx.send(answer);
                }) as Deliver
            }))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }
}

/// Runs one job, or several in one group commit, and answers them.
fn run_group(store: &mut dyn Store, group: Vec<Job>) {
    // A panicking job loses its answer (the caller sees `Closed`), not the
    // thread.
    let grouped = group.len() > 1 && store.begin_group().is_ok();
    if !grouped {
        for job in group {
            if let Ok(deliver) = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut *store))) {
                deliver(None);
            }
        }
        return;
    }
    let mut answers = Vec::with_capacity(group.len());
    let mut panicked = false;
    for job in group {
        match std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut *store))) {
            Ok(deliver) => answers.push(deliver),
            Err(_) => panicked = true,
        }
    }
    // A job that panicked may have left its work half done: the whole group
    // is rolled back rather than risk committing it.
    let failed = match store.end_group(!panicked) {
        Ok(()) if !panicked => None,
        Ok(()) => Some(StoreError::Database("a storage job failed; its group was rolled back".into())),
        Err(e) => Some(e),
    };
    for deliver in answers {
        deliver(failed.clone());
    }
}
