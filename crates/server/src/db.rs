//! The storage thread: one dedicated OS thread owns the [`Store`] and runs
//! jobs sent from async code, one at a time (one writer), answering each
//! through a oneshot channel. Database work never runs on the async runtime.

use crate::store::{Store, StoreError};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;

type Job = Box<dyn FnOnce(&mut dyn Store) + Send>;

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
                while let Ok(job) = rx.recv() {
                    // A panicking job loses its answer (the caller sees
                    // `Closed`), not the thread.
                    let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut *store)));
                }
            })
            .map_err(|e| StoreError::Database(format!("could not start the storage thread: {e}")))?;
        Ok(Db { jobs })
    }

    /// Runs `f` on the storage thread and waits for its answer.
    pub async fn run<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: FnOnce(&mut dyn Store) -> Result<R, StoreError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |store: &mut dyn Store| {
                let _ = tx.send(f(store));
            }))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }
}
