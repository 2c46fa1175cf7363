"""The balance laboratory over a Ray cluster.

    python -m arbiter.lab FILE --ray ADDRESS [--batch 16]    # on a Ray cluster ("auto", "ray://host:10001", "local")
    python -m arbiter.lab FILE [--threads N]                 # here, on threads (what `arbiter lab run` does)
    arbiter lab run FILE --ray ADDRESS [--batch 16]          # the same from the command line (it starts this module)

Both take `--results FILE` for a results file other than the experiment's own.

The driver reads the experiment file (docs/lab.md), asks its results file
which games each cell still lacks, and sends them to Ray as tasks of `batch`
games each. A worker needs no file: it gets the experiment's text and plays
its batch with the seeds a local run uses (each game's seed comes from the
experiment's seed, its cell and its index), so the results are those of a
local run. Each batch's results are stored in the experiment's SQLite results
file as soon as it comes back. A batch whose worker dies is run again (by
Ray, then by the driver if Ray gives up); the results file keeps one row per
(experiment, cell, game), so nothing is ever counted twice, and a run stopped
at any moment resumes where it was. An experiment that stops by precision
goes in rounds, as locally: after each round the file is asked again.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import _arbiter


def _play_batch(text, directory, stem, jobs, trace=None):
    """A Ray task: plays `jobs` ((cell, index) pairs) and gives their results as JSON."""
    from arbiter import _arbiter as native

    if not trace:
        return native.lab_play(text, directory, stem, [tuple(j) for j in jobs])
    # One file per start of a batch, marked done at its end: for tests that kill busy workers.
    mark = os.path.join(trace, f"{jobs[0][0]}-{jobs[0][1]}.{os.getpid()}.{time.monotonic_ns()}")
    open(mark, "w").close()
    rows = native.lab_play(text, directory, stem, [tuple(j) for j in jobs])
    os.rename(mark, mark + ".done")
    return rows


def run_ray(path: str, address: str | None = None, batch: int = 16, max_retries: int = 3,
            trace: str | None = None, on_batch=None, results: str | None = None) -> int:
    """Plays the experiment at `path` on Ray (connecting to `address` unless
    Ray is already initialised) into `results` (default: the experiment's own
    results file); gives the number of games stored now."""
    import ray

    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, log_to_driver=False)
    play = ray.remote(max_retries=max_retries)(_play_batch)
    text, directory, stem, _results, missing = _arbiter.lab_missing(path, results)
    stored = 0
    while missing:
        batches = [missing[i:i + batch] for i in range(0, len(missing), batch)]
        pending = {play.remote(text, directory, stem, b, trace): b for b in batches}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                jobs = pending.pop(ref)
                try:
                    rows = ray.get(ref)
                except (ray.exceptions.RayError, OSError):
                    # Ray gave up on it (its workers kept dying): run it again.
                    pending[play.remote(text, directory, stem, jobs, trace)] = jobs
                    continue
                stored += _arbiter.lab_store(text, directory, stem, rows, results)
                if on_batch is not None:
                    on_batch(jobs)
        missing = _arbiter.lab_missing(path, results)[4]
    return stored


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arbiter.lab", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="the experiment file (TOML, docs/lab.md)")
    parser.add_argument("--ray", metavar="ADDRESS", help="a Ray cluster's address ('auto', 'ray://host:10001', or 'local' to start one here)")
    parser.add_argument("--batch", type=int, default=16, help="games per Ray task (default 16)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="threads of a local run")
    parser.add_argument("--results", metavar="FILE", help="the results file, instead of the one the experiment names")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        if args.ray:
            stored = run_ray(args.file, args.ray, batch=max(1, args.batch), results=args.results)
            how = f"on Ray ({args.ray})"
        else:
            stored = _arbiter.lab_run_local(args.file, args.threads, args.results)
            how = f"here on {args.threads} threads"
    except ValueError as e:  # a bad experiment file: nothing written
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{args.file}: {stored} games stored {how} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
