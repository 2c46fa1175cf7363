//! The bots' thread pool: a fixed number of threads that think for every
//! match's bots, taking the waiting decisions in a fair order.
//!
//! - **A human waiting on a bot comes first.** A decision of a match with a
//!   human seat ([`Priority::Human`]) is taken before any decision of a
//!   bot-against-bot match ([`Priority::BotsOnly`]), and bot-only matches
//!   may use all threads but one (when there are two or more), so a
//!   person's bot never waits behind a long bot-only search.
//! - **Clients take turns.** Within a priority, the next decision is the
//!   one of the client (the address that created the match) served longest
//!   ago, so one client with many matches gets one turn in the rotation,
//!   not one per match; a client's own decisions are taken in order. And
//!   one client's decisions run on at most half the threads (at least one),
//!   so whoever else comes finds a thread soon, even while that client's
//!   bots think their longest.
//!
//! Every decision runs to its bot's deadline (the server gives every bot
//! one, `BotLimits::max_seconds`), so a thread is never held longer than
//! that. A bot that panics is reported as failed and its thread goes on.
//! The threads end when the pool is dropped, after the decision in hand.

use serde_json::Value;
use std::collections::HashMap;
use std::net::IpAddr;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use tokio::sync::oneshot;

/// Which decisions are taken first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// A match with a human seat: a person is waiting.
    Human,
    /// A match of bots only: nobody is waiting.
    BotsOnly,
}

/// Whose decision it is, for taking turns: the address that created the
/// match, or the match itself when that is not known (a match resumed
/// after a restart, or created through another server).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    /// The client's address.
    Address(IpAddr),
    /// A match of unknown creator, by id.
    Match(String),
}

/// A bot's thinking: returns the chosen action as JSON, or `None`.
pub type Job = Box<dyn FnOnce() -> Option<Value> + Send>;

struct Waiting {
    priority: Priority,
    client: Client,
    order: u64,
    job: Job,
    answer: oneshot::Sender<Result<Option<Value>, String>>,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    /// The next order number (also the clock of `served`).
    next: u64,
    /// When each client was last served (an order number).
    served: HashMap<Client, u64>,
    /// Bot-only decisions being thought about now.
    bots_only_running: usize,
    /// Decisions being thought about now, by client.
    running: HashMap<Client, usize>,
    /// Set when the pool is dropped.
    closed: bool,
}

struct Inner {
    queue: Mutex<Queue>,
    wake: Condvar,
    threads: usize,
}

/// A fixed pool of threads for bots, with a fair queue (see the module).
pub struct BotPool {
    inner: Arc<Inner>,
}

impl BotPool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> std::io::Result<BotPool> {
        let threads = threads.max(1);
        let inner = Arc::new(Inner { queue: Mutex::new(Queue::default()), wake: Condvar::new(), threads });
        for i in 0..threads {
            let inner = inner.clone();
            std::thread::Builder::new().name(format!("arbiter-bot-{i}")).spawn(move || work(&inner))?;
        }
        Ok(BotPool { inner })
    }

    /// Decisions waiting for a thread.
    pub fn waiting(&self) -> usize {
        self.inner.queue.lock().unwrap_or_else(PoisonError::into_inner).waiting.len()
    }

    /// Queues a bot's decision and waits for it: the chosen action, or why
    /// the bot failed.
    pub async fn think(&self, priority: Priority, client: Client, job: Job) -> Result<Option<Value>, String> {
        let (answer, chosen) = oneshot::channel();
        {
            let mut q = self.inner.queue.lock().unwrap_or_else(PoisonError::into_inner);
            let order = q.next;
            q.next += 1;
            q.waiting.push(Waiting { priority, client, order, job, answer });
        }
        self.inner.wake.notify_all();
        chosen.await.unwrap_or_else(|_| Err("the bot's thread stopped".into()))
    }
}

impl Drop for BotPool {
    fn drop(&mut self) {
        self.inner.queue.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        self.inner.wake.notify_all();
    }
}

impl Queue {
    /// The next decision to take, if one may run now.
    fn pick(&mut self, threads: usize) -> Option<Waiting> {
        let bots_only_may_run = self.bots_only_running < threads.saturating_sub(1).max(1);
        let per_client = (threads / 2).max(1);
        let (served, running) = (&self.served, &self.running);
        let best = self
            .waiting
            .iter()
            .enumerate()
            .filter(|(_, w)| w.priority == Priority::Human || bots_only_may_run)
            .filter(|(_, w)| running.get(&w.client).copied().unwrap_or(0) < per_client)
            .min_by_key(|(_, w)| (w.priority, served.get(&w.client).copied(), w.order))
            .map(|(i, _)| i)?;
        let w = self.waiting.swap_remove(best);
        let stamp = self.next;
        self.next += 1;
        self.served.insert(w.client.clone(), stamp);
        if self.served.len() > 10_000 {
            // Forget the clients with nothing waiting: they start afresh.
            let waiting: Vec<Client> = self.waiting.iter().map(|w| w.client.clone()).collect();
            self.served.retain(|c, _| waiting.contains(c));
        }
        if w.priority == Priority::BotsOnly {
            self.bots_only_running += 1;
        }
        *self.running.entry(w.client.clone()).or_insert(0) += 1;
        Some(w)
    }
}

/// A pool thread: takes decisions until the pool is dropped.
fn work(inner: &Inner) {
    loop {
        let next = {
            let mut q = inner.queue.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if q.closed {
                    return;
                }
                if let Some(w) = q.pick(inner.threads) {
                    break w;
                }
                q = inner.wake.wait(q).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let Waiting { priority, client, job, answer, .. } = next;
        // A client that went away has dropped its receiver: skip the work.
        let result = if answer.is_closed() {
            Ok(None)
        } else {
            std::panic::catch_unwind(AssertUnwindSafe(job)).map_err(|p| {
                let why = p
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "it panicked".into());
                format!("the bot failed: {why}")
            })
        };
        let _ = answer.send(result);
        {
            let mut q = inner.queue.lock().unwrap_or_else(PoisonError::into_inner);
            if priority == Priority::BotsOnly {
                q.bots_only_running = q.bots_only_running.saturating_sub(1);
            }
            if let Some(n) = q.running.get_mut(&client) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    q.running.remove(&client);
                }
            }
        }
        inner.wake.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    type Log = Arc<Mutex<Vec<&'static str>>>;

    /// A job that records its name.
    fn job(log: &Log, name: &'static str) -> Job {
        let log = log.clone();
        Box::new(move || {
            log.lock().unwrap_or_else(PoisonError::into_inner).push(name);
            None
        })
    }

    /// A job that holds its thread until released; returns once it runs,
    /// with the handle of its answer and the sender that releases it.
    async fn holding(
        pool: &Arc<BotPool>,
        log: &Log,
        (priority, c): (Priority, u8),
        name: &'static str,
    ) -> (tokio::task::JoinHandle<Result<Option<Value>, String>>, mpsc::Sender<()>) {
        let (release, hold) = mpsc::channel::<()>();
        let (started, running) = mpsc::channel::<()>();
        let log2 = log.clone();
        let run: Job = Box::new(move || {
            let _ = started.send(());
            let _ = hold.recv();
            log2.lock().unwrap_or_else(PoisonError::into_inner).push(name);
            None
        });
        let pool2 = pool.clone();
        let handle = tokio::spawn(async move { pool2.think(priority, client(c), run).await });
        tokio::task::spawn_blocking(move || running.recv()).await.unwrap().unwrap();
        (handle, release)
    }

    fn client(n: u8) -> Client {
        Client::Address(IpAddr::from([10, 0, 0, n]))
    }

    /// Waits (without timing anything) until `n` decisions are queued.
    async fn until_waiting(pool: &BotPool, n: usize) {
        while pool.waiting() != n {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_human_waiting_comes_before_bot_only_matches_and_clients_take_turns() {
        let pool = Arc::new(BotPool::new(1).unwrap());
        let log = Log::default();
        // The one thread is busy with a first decision while the rest queue.
        let (first, release) = holding(&pool, &log, (Priority::BotsOnly, 1), "busy").await;
        let mut handles = Vec::new();
        let queued = [
            (Priority::BotsOnly, 1, "a1"),
            (Priority::BotsOnly, 1, "a2"),
            (Priority::BotsOnly, 1, "a3"),
            (Priority::BotsOnly, 2, "b1"),
            (Priority::Human, 3, "human1"),
            (Priority::Human, 3, "human2"),
            (Priority::Human, 4, "human3"),
        ];
        for (n, (priority, c, name)) in queued.into_iter().enumerate() {
            let (pool2, log) = (pool.clone(), log.clone());
            handles.push(tokio::spawn(async move { pool2.think(priority, client(c), job(&log, name)).await }));
            until_waiting(&pool, n + 1).await;
        }
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        for h in handles {
            assert_eq!(h.await.unwrap(), Ok(None));
        }
        let order = log.lock().unwrap_or_else(PoisonError::into_inner).clone();
        // Humans first, taking turns by client (3, 4, 3); then the bot-only
        // matches, client 2 (never served) before client 1 (just served).
        assert_eq!(order, ["busy", "human1", "human3", "human2", "b1", "a1", "a2", "a3"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn bot_only_matches_leave_a_thread_for_people() {
        let pool = Arc::new(BotPool::new(2).unwrap());
        let log = Log::default();
        let (busy, release) = holding(&pool, &log, (Priority::BotsOnly, 1), "bots").await;
        // A second bot-only decision waits although a thread is free …
        let second = tokio::spawn({
            let (pool, log) = (pool.clone(), log.clone());
            async move { pool.think(Priority::BotsOnly, client(2), job(&log, "bots2")).await }
        });
        until_waiting(&pool, 1).await;
        // … which a person's bot takes at once.
        let human = pool.think(Priority::Human, client(3), job(&log, "human")).await;
        assert_eq!(human, Ok(None));
        assert_eq!(pool.waiting(), 1, "the second bot-only decision still waits");
        release.send(()).unwrap();
        busy.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        assert_eq!(*log.lock().unwrap_or_else(PoisonError::into_inner), ["human", "bots", "bots2"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_client_uses_at_most_half_the_threads() {
        let pool = Arc::new(BotPool::new(2).unwrap());
        let log = Log::default();
        // Client 1's person-facing bot holds a thread; its second decision
        // waits although the other thread is free …
        let (busy, release) = holding(&pool, &log, (Priority::Human, 1), "one").await;
        let second = tokio::spawn({
            let (pool, log) = (pool.clone(), log.clone());
            async move { pool.think(Priority::Human, client(1), job(&log, "one again")).await }
        });
        until_waiting(&pool, 1).await;
        // … which another client's decision takes at once.
        let other = pool.think(Priority::Human, client(2), job(&log, "two")).await;
        assert_eq!(other, Ok(None));
        assert_eq!(pool.waiting(), 1, "client 1's second decision still waits");
        release.send(()).unwrap();
        busy.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        assert_eq!(*log.lock().unwrap_or_else(PoisonError::into_inner), ["two", "one", "one again"]);
    }

    #[tokio::test]
    async fn a_panicking_bot_is_reported_and_the_thread_goes_on() {
        let pool = BotPool::new(1).unwrap();
        let failed = pool.think(Priority::Human, client(1), Box::new(|| panic!("no move"))).await;
        assert!(matches!(&failed, Err(m) if m.contains("no move")), "{failed:?}");
        let ok = pool.think(Priority::Human, client(1), Box::new(|| Some(Value::Bool(true)))).await;
        assert_eq!(ok, Ok(Some(Value::Bool(true))));
    }
}
