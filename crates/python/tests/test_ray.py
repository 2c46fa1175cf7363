"""`python -m arbiter.lab --ray`: a local Ray with two workers, one killed mid-experiment.

The results file must end up with every game once, the same rows as a local
run, and the killed worker's batch must have been started again."""

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from arbiter import _arbiter, lab

import ray  # noqa: E402  (installed by scripts/python-test)

EXPERIMENT = """
name = "Kuhn poker on Ray"
game = "kuhn"
seed = 7
matchups = [["mcts:iters=2000", "random"], ["random", "mcts:iters=2000"]]
games = 60
"""


def write(tmp_path, name):
    path = tmp_path / f"{name}.toml"
    path.write_text(EXPERIMENT + f'results = "{name}.sqlite"\n')
    return str(path)


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray with two workers, shared by this file's tests; gives its address."""
    context = ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield context.address_info["gcs_address"]
    ray.shutdown()


def arbiter_binary():
    """The command line's binary: ARBITER_BIN (scripts/python-test builds and names it)."""
    path = os.environ.get("ARBITER_BIN") or os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "target", "debug", "arbiter")
    assert os.path.exists(path), f"no arbiter binary at {path}: cargo build -p arbiter --bin arbiter"
    return path


def test_ray_run_equals_local_run_despite_a_killed_worker(tmp_path, local_ray):
    local = write(tmp_path, "local")
    assert _arbiter.lab_run_local(local, 2) == 120
    expected = _arbiter.lab_dump(local)
    assert len(expected) == 120

    remote = write(tmp_path, "remote")
    trace = tmp_path / "trace"
    trace.mkdir()
    killed = []

    def kill_a_busy_worker(_jobs):
        if killed:
            return
        for start in trace.iterdir():
            batch, pid = start.name.split(".")[:2]
            if not start.name.endswith(".done"):  # a batch being played now
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    continue
                killed.append((int(pid), batch))
                return

    stored = lab.run_ray(remote, batch=8, trace=str(trace), on_batch=kill_a_busy_worker)
    assert killed, "no worker was killed"
    assert stored == 120
    assert _arbiter.lab_dump(remote) == expected  # no game lost, none doubled, the same games
    with sqlite3.connect(tmp_path / "remote.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM game").fetchone()[0] == 120
    # 15 batches of 8; the killed worker's batch was started again
    starts = [p.name.split(".")[0] for p in trace.iterdir()]
    assert len(set(starts)) == 15
    assert starts.count(killed[0][1]) >= 2
    # a second run finds nothing to do
    assert lab.run_ray(remote, batch=8) == 0


def test_bad_experiment_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ngame = "no-such-game"\ngames = 5\n')
    assert lab.main([str(bad)]) == 2
    assert not list(tmp_path.glob("*.sqlite"))


def test_the_command_line_runs_on_ray_through_python(tmp_path, local_ray):
    """`arbiter lab run FILE --ray ADDRESS` starts this package's driver on the
    fixture's Ray: the same rows as a local run, in the --results file."""
    local = write(tmp_path, "local")
    assert _arbiter.lab_run_local(local, 1) == 120
    remote = write(tmp_path, "cli")
    results = tmp_path / "elsewhere.sqlite"
    env = dict(os.environ, ARBITER_PYTHON=sys.executable)
    done = subprocess.run(
        [arbiter_binary(), "lab", "run", remote, "--ray", local_ray, "--batch", "8", "--results", str(results)],
        env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "120 games stored on Ray" in done.stdout, done.stdout
    assert f"--results {results}" in done.stdout
    assert not (tmp_path / "cli.sqlite").exists()  # the results went where --results said
    assert _arbiter.lab_dump(remote, str(results)) == _arbiter.lab_dump(local)
    # A bad experiment file: exit code 2 with its line, from the command line's own check.
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "kuhn"\ngames = 4\nmatchups = [["oracle"]]\n')
    done = subprocess.run([arbiter_binary(), "lab", "run", str(bad), "--ray", local_ray],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "line 3" in done.stderr, done.stderr
