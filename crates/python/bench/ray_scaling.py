"""The laboratory on a local Ray: games per second with 1 and with 2 workers.

    python crates/python/bench/ray_scaling.py [--games 100] [--bot mcts:iters=400]

Writes a small Essence experiment (two cells, `games` each) in a temporary
directory and runs it with `arbiter.lab.run_ray` on a local Ray started
with 1 CPU, then again from scratch with 2; prints both rates.
"""

import argparse
import pathlib
import tempfile
import time

import ray

from arbiter import lab


def run(workers: int, games: int, bot: str, batch: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "scaling.toml"
        path.write_text(
            f'name = "scaling"\ngame = "essence"\nseed = 1\n'
            f'matchups = [["{bot}", "greedy"], ["greedy", "{bot}"]]\ngames = {games}\n'
        )
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        try:
            # Warm the workers (start-up and import) before timing.
            ray.get([ray.remote(lambda: __import__("arbiter")._arbiter.registered_names()).remote()
                     for _ in range(workers)])
            start = time.perf_counter()
            stored = lab.run_ray(str(path), batch=batch)
            seconds = time.perf_counter() - start
        finally:
            ray.shutdown()
    assert stored == 2 * games
    return stored / seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per cell (two cells)")
    parser.add_argument("--bot", default="mcts:iters=400")
    parser.add_argument("--batch", type=int, default=4)
    args = parser.parse_args()
    rates = {w: run(w, args.games, args.bot, args.batch) for w in (1, 2)}
    for w, r in rates.items():
        print(f"{w} worker(s): {r:.2f} games/s")
    print(f"speed-up 1 -> 2 workers: {rates[2] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()
