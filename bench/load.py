"""Load benchmark: many real WebSocket clients playing real games against real server nodes.

Starts Redis and one or two server nodes (nginx in front of two, as in docker-compose) on
loopback, or points at a running server (`--url`), then runs several generator processes
(bench/load_worker.py) that create rooms, open every socket, and play for `--duration`
seconds. Prints one table row: games, sockets, moves/s, move latency (sent -> the opponent
received it) p50/p95/p99, errors, boards that differ from the stored room, server RSS (and per
socket), event-loop lag p99 (from the server's /metrics), CPU of the server, its AI workers,
Redis, nginx and the generator, and the machine's load average.

Scenarios (docs/performance.md has the targets and the measured tables):
  1  1,000 human games + 500 spectators, one move per player's turn after ~1 s
  2  10,000 idle sockets (spectators): server memory per connection
  3  50 games against the AI while scenario 1 runs at half size
  4  scenario 1 on two nodes behind nginx (deploy/nginx.conf)
With ``--analyses N`` any scenario also keeps N analysis-board searches in flight on the first
node (bench/load_analyses.py): compare scenario 3 with and without to see what analyses cost
live games (docs/performance.md, game analysis). ``--alternate R`` does that in one invocation
on one node: R rounds of a run without analyses and one with ``--analyses N``, back to back,
in alternating order (so the machine's drifting load hits both arms alike), and prints both
arms' pooled latencies. ``--interleave S`` switches the analyses on and off every S seconds
within one run and counts each move in the arm it was made in (bench/load_interleave.py, also
``--burners N``: the same with N plain busy loops at the analysis workers' priority instead;
``--miner``: the node's puzzle miner over an archive of games, bench/load_miner.py; given more
than one, they take turns against the same "without" arm).
``--compare REV`` runs scenarios 1 and 2 on the git revision REV and on the working tree in
alternating rounds and prints the ratios of node CPU per move, memory per idle socket and p99
(bench/load_compare.py).

Run from the repository root, e.g.:
    .venv/bin/python -m bench.load --scenario 1 --duration 30
    .venv/bin/python -m bench.load --scenario 1 --games 100 --spectators 50 --duration 10
    .venv/bin/python -m bench.load --scenario 2 --idle 2000 --url http://127.0.0.1:8080
    .venv/bin/python -m bench.load --compare main --rounds 2
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import logging
import math
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from bench.analysis import sixty_move_game
from bench.load_alternate import alternate, compare
from bench.load_analyses import AnalysisLoad
from bench.load_clients import Tally, merge
from bench.load_cluster import (
    REPO_ROOT,
    Cluster,
    bucket_quantile,
    cpu_seconds,
    node_histograms,
    redis_calls,
    rss_bytes,
    start_cluster,
    warm_ai,
)
from bench.load_compare import DEFAULT_ROUNDS, Side, check_args, compare_sides
from bench.load_interleave import Burners, Interval, Switch
from bench.load_interleave import compare as compare_interleaved
from bench.load_miner import MinerLoad
from bench.load_profile import Profiler, summary
from bench.load_worker import WorkerPlan, run_worker
from bench.stats import percentile
from engine.levels import DEFAULT as DEFAULT_LEVEL

log = logging.getLogger("bench.load")

SCENARIOS = {
    1: {"games": 1000, "spectators": 500, "ai_games": 0, "idle": 0, "nodes": 1},
    2: {"games": 0, "spectators": 0, "ai_games": 0, "idle": 10_000, "nodes": 1},
    3: {"games": 500, "spectators": 250, "ai_games": 50, "idle": 0, "nodes": 1},
    4: {"games": 1000, "spectators": 500, "ai_games": 0, "idle": 0, "nodes": 2},
}
LOOP_LAG, GC_PAUSES = "caro_event_loop_lag_seconds", "caro_gc_pause_seconds"
HISTOGRAMS = (LOOP_LAG, GC_PAUSES)
SETUP_TIMEOUT_S = 600.0
RESULT_GRACE_S = 120.0
NOFILE_WANTED = 65_536


def raise_open_files_limit() -> int:
    """As many file descriptors as the hard limit allows (servers started later inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = NOFILE_WANTED if hard == resource.RLIM_INFINITY else min(NOFILE_WANTED, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return wanted


def split(total: int, parts: int) -> list[int]:
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


@dataclasses.dataclass(slots=True)
class Measured:
    """Everything the table shows, for one run."""

    tally: Tally
    duration_s: float
    rss_before: int
    rss_peak: int
    rss_end: int
    lag_p99_s: float | None
    gc_pauses: int                 # garbage collections during the run (all nodes)
    gc_max_s: float | None         # upper bound of the longest one's bucket
    cpu: dict[str, float]          # role -> share of one core over the run
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    redis_calls: collections.Counter[str]  # commands Redis ran during the run, by name
    analyses: tuple[int, int] = (0, 0)     # analysis-board searches done / failed (--analyses)
    # --interleave: each background load's name -> when it ran
    background: dict[str, list[Interval]] = dataclasses.field(default_factory=dict)
    miner: str = ""  # --miner: what the miner did


def run(cluster: Cluster, args: argparse.Namespace) -> Measured:
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    plans = [
        WorkerPlan(index=i, http_urls=cluster.http_urls, ws_urls=cluster.ws_urls, games=g,
                   spectators=s, ai_games=a, idle_sockets=n, think_s=args.think,
                   duration_s=args.duration, variant=args.variant, ai_level=args.ai_level,
                   deflate=not args.no_deflate)
        for i, (g, s, a, n) in enumerate(zip(
            split(args.games, args.workers), split(args.spectators, args.workers),
            split(args.ai_games, args.workers), split(args.idle, args.workers), strict=True))]
    for url in cluster.node_urls:
        log.info("AI of %s ready after %.1f s", url, warm_ai(url))
    servers = cluster.server_pids()
    rss_before = rss_bytes(servers)
    workers = [context.Process(target=run_worker, args=(plan, ready, go, results))
               for plan in plans]
    for worker in workers:
        worker.start()
    try:
        return _measure(cluster, args, workers, ready, results, go, rss_before)
    finally:
        for worker in workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.kill()


def _measure(cluster: Cluster, args: argparse.Namespace, workers: list, ready, results, go,
             rss_before: int) -> Measured:
    started = time.monotonic()
    for _ in workers:
        index, sockets = ready.get(timeout=SETUP_TIMEOUT_S)
        log.info("generator %d ready with %d sockets", index, sockets)
    log.info("all sockets open after %.1f s; playing for %.0f s",
             time.monotonic() - started, args.duration)
    analyses = AnalysisLoad(cluster.node_urls[0], args.analysis_game, args.analyses)
    if args.analyses:
        analyses.warm()  # the analysis workers start on the first request: not during the run
    servers = cluster.server_pids()
    miner = MinerLoad(cluster.node_urls[0], servers[0], cluster.nodes[0].log_path.parent) \
        if args.miner else None
    if miner is not None:
        miner.warm()  # its archive, its worker started and mining: not during the run
    roles = {"server": (servers, False), "ai workers": (servers, True),
             "redis": (cluster.redis_pids(), False), "nginx": (cluster.lb_pids(), True)}
    cpu_before = {role: cpu_seconds(pids, kids) for role, (pids, kids) in roles.items()}
    histograms_before = [node_histograms(url, HISTOGRAMS) for url in cluster.node_urls]
    load_before = os.getloadavg()
    calls_before = redis_calls(cluster)
    profiler = Profiler(servers[0], args.profile, args.duration) if args.profile else None
    burners = Burners(args.burners) if args.burners else None
    loads = {name: load for name, load in ((f"{args.analyses} analyses", analyses),
                                            (f"{args.burners} burners", burners),
                                            ("the puzzle miner", miner))
             if load is not None and (load is not analyses or args.analyses)}
    switch = (Switch(args.interleave, {name: load.set_running for name, load in loads.items()})
              if args.interleave else None)
    analyses.start()
    go.set()
    began = time.monotonic()
    rss_peak = 0
    try:
        if switch is not None:
            switch.start()
        while time.monotonic() - began < args.duration:
            rss_peak = max(rss_peak, rss_bytes(servers))
            time.sleep(1.0)
        elapsed = time.monotonic() - began
        if switch is not None:
            switch.stop()
    finally:
        if burners is not None:
            burners.close()
        miner_done = "" if miner is None else miner.summary()
        if miner is not None:
            miner.close()
    analyses.stop()
    background = {} if switch is None else switch.on_intervals | (
        {f"{args.analyses} analyses": analyses.intervals} if args.analyses else {})
    rss_end = rss_bytes(servers)
    cpu = {role: (cpu_seconds(pids, kids) - cpu_before[role]) / elapsed
           for role, (pids, kids) in roles.items()}
    nodes = list(zip(histograms_before,
                     [node_histograms(url, HISTOGRAMS) for url in cluster.node_urls], strict=True))
    lags = [bucket_quantile(before[LOOP_LAG], after[LOOP_LAG], 0.99) for before, after in nodes]
    gc_max = [bucket_quantile(before[GC_PAUSES], after[GC_PAUSES], 1.0) for before, after in nodes]
    gc_pauses = sum(after[GC_PAUSES].get(math.inf, 0) - before[GC_PAUSES].get(math.inf, 0)
                    for before, after in nodes)
    load_after = os.getloadavg()
    calls = redis_calls(cluster)
    calls.subtract(calls_before)
    if profiler is not None:
        profiler.wait()
    tallies = [results.get(timeout=RESULT_GRACE_S) for _ in workers]
    tally = merge(tallies)
    cpu["generator"] = tally.cpu_s / args.duration
    return Measured(tally, elapsed, rss_before, max(rss_peak, rss_end), rss_end,
                    worst(lags), gc_pauses, worst(gc_max), cpu, load_before, load_after, +calls,
                    (analyses.done, analyses.failed), background, miner_done)


def worst(bounds: list[float | None]) -> float | None:
    known = [bound for bound in bounds if bound is not None]
    return max(known) if known else None


def report(args: argparse.Namespace, m: Measured) -> str:
    t = m.tally
    errors = t.error_count
    mib = 1024 * 1024
    per_socket = (m.rss_end - m.rss_before) / t.sockets / 1024 if t.sockets else float("nan")
    lag = "n/a" if m.lag_p99_s is None else f"<= {m.lag_p99_s * 1000:g} ms"
    gc_max = "" if m.gc_max_s is None else f", longest <= {m.gc_max_s * 1000:g} ms"
    rows = [
        ("scenario", f"{args.scenario} ({args.nodes} node{'s' if args.nodes > 1 else ''}"
                     f"{' + nginx' if args.nodes == 2 else ''})"),
        ("games (human / vs AI)", f"{args.games} / {args.ai_games}"),
        ("sockets open", f"{t.sockets} (players, spectators {args.spectators}, idle {args.idle})"),
        ("duration", f"{m.duration_s:.0f} s, think time ~{args.think:g} s, "
                     f"{'no compression' if args.no_deflate else 'permessage-deflate'}"),
        ("moves/s (human)", f"{t.moves / args.duration:.0f}"),
        ("move latency p50 / p95 / p99",
         f"{percentile(t.latencies_ms, .5):.1f} / {percentile(t.latencies_ms, .95):.1f} / "
         f"{percentile(t.latencies_ms, .99):.1f} ms ({len(t.latencies_ms)} moves)"),
    ]
    if args.ai_games:
        rows.append(("AI reply p50 / p99 (incl. search and AI_THINK_MS)",
                     f"{percentile(t.ai_latencies_ms, .5):.0f} / "
                     f"{percentile(t.ai_latencies_ms, .99):.0f} ms ({t.ai_moves} AI moves)"))
    if args.analyses:
        rows.append(("analyses in flight / done / failed",
                     f"{args.analyses} / {m.analyses[0]} / {m.analyses[1]}"))
    rows += [
        ("errors", f"{errors}" + (f" {dict(t.errors)}" if errors else "")),
        ("boards equal to the stored room", f"{t.boards_checked - t.boards_wrong} of "
                                            f"{t.boards_checked}"),
        ("server RSS before / peak / end",
         f"{m.rss_before / mib:.0f} / {m.rss_peak / mib:.0f} / {m.rss_end / mib:.0f} MiB"),
        ("server memory per socket", f"{per_socket:.1f} KiB"),
        ("event-loop lag p99", lag),
        ("garbage collections (pauses)", f"{m.gc_pauses}{gc_max}"),
        ("CPU (share of one core)", ", ".join(f"{role} {share * 100:.0f}%"
                                             for role, share in m.cpu.items())),
        ("node CPU per move (from /proc)", cpu_per_move(m)),
        ("Redis commands per move", redis_per_move(m.redis_calls, t.moves + t.ai_moves)),
        ("load average before / after", f"{m.load_before[0]:.2f} / {m.load_after[0]:.2f} "
                                        f"({os.cpu_count()} cores)"),
    ]
    width = max(len(name) for name, _ in rows)
    lines = [f"| {'what'.ljust(width)} | measured |", f"|{'-' * (width + 2)}|----------|"]
    lines += [f"| {name.ljust(width)} | {value} |" for name, value in rows]
    return "\n".join(lines)


def cpu_per_move(m: Measured) -> str:
    """The server nodes' CPU time (AI workers not included) per move served."""
    moves = m.tally.moves + m.tally.ai_moves
    return f"{m.cpu['server'] * m.duration_s * 1000 / moves:.3f} ms" if moves else "n/a"


def redis_per_move(calls: collections.Counter[str], moves: int) -> str:
    """Total Redis commands per move, and the busiest commands (n/a for --url runs)."""
    if not calls or not moves:
        return "n/a"
    top = ", ".join(f"{name} {count / moves:.2f}" for name, count in calls.most_common(5))
    return f"{calls.total() / moves:.2f} ({top})"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", type=int, choices=sorted(SCENARIOS), default=1)
    parser.add_argument("--games", type=int, help="human-vs-human games")
    parser.add_argument("--spectators", type=int, help="spectator sockets in those games")
    parser.add_argument("--ai-games", type=int, help="games against the AI")
    parser.add_argument("--idle", type=int, help="idle spectator sockets")
    parser.add_argument("--nodes", type=int, choices=(1, 2), help="server nodes (2: nginx too)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time (s)")
    parser.add_argument("--workers", type=int, default=3, help="generator processes")
    parser.add_argument("--variant", default="gomoku")
    parser.add_argument("--ai-level", type=int, default=DEFAULT_LEVEL,
                        help="AI level of the games against the AI (default: the client's)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="do not offer permessage-deflate (browsers always do)")
    parser.add_argument("--ai-workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--analyses", type=int, default=0,
                        help="analysis-board searches kept in flight during the run")
    parser.add_argument("--analysis-workers", type=int, default=2)
    parser.add_argument("--alternate", type=int, default=0, metavar="R",
                        help="R rounds of a run without then with --analyses; compare them")
    parser.add_argument("--interleave", type=float, default=0, metavar="S",
                        help="switch --analyses (or --burners) on and off every S seconds "
                             "in one run; compare the moves made while it ran and while not")
    parser.add_argument("--burners", type=int, default=0, metavar="N",
                        help="with --interleave: N busy loops at the analysis workers' "
                             "priority instead of analyses (the control)")
    parser.add_argument("--miner", action="store_true",
                        help="with --interleave: the node's puzzle miner over an archive of "
                             "games (bench/load_miner.py; needs root for the cgroup freezer)")
    parser.add_argument("--profile", type=Path,
                        help="py-spy the (first) server node during the run into this file")
    parser.add_argument("--url", action="append", default=[],
                        help="use this running node instead of starting one (repeatable)")
    parser.add_argument("--server-pid", type=int, action="append", default=[],
                        help="with --url: the node's pid, for RSS and CPU")
    parser.add_argument("--compare", metavar="REV",
                        help="run scenarios 1 and 2 on git revision REV and on the working "
                             "tree, alternating, and print the ratios (--idle: scenario 2's "
                             "sockets, 0 skips it)")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help="with --compare: runs of each side")
    args = parser.parse_args(argv)
    preset = SCENARIOS[args.scenario]
    if args.compare and args.idle is None:
        args.idle = SCENARIOS[2]["idle"]
    for name in ("games", "spectators", "ai_games", "idle", "nodes"):
        if getattr(args, name) is None:
            setattr(args, name, preset[name])
    if args.url:
        args.nodes = len(args.url)
    if args.alternate and not args.analyses:
        parser.error("--alternate compares runs with --analyses N against runs without")
    if args.interleave and (not (args.analyses or args.burners or args.miner)
                            or args.alternate):
        parser.error("--interleave switches --analyses N, --burners N or --miner (in turns), "
                     "without --alternate")
    if (args.burners or args.miner) and not args.interleave:
        parser.error("--burners and --miner are loads of --interleave")
    if args.miner and (args.url or args.nodes != 1):
        parser.error("--miner runs on one node this bench starts")
    check_args(parser, args)
    args.analysis_game = sixty_move_game() if args.analyses else []
    return args


def start(args: argparse.Namespace, side: Side | None = None) -> Cluster:
    """Redis and the nodes in a new directory, running `side`'s server (default: this tree)."""
    workdir = Path(tempfile.mkdtemp(prefix="caro-load-"))
    log.info("starting Redis and %d node(s) of %s in %s", args.nodes,
             side.name if side else "the working tree", workdir)
    return start_cluster(workdir, args.nodes, {
        "AI_WORKERS": str(args.ai_workers), "LOG_LEVEL": "WARNING",
        "ANALYSIS_WORKERS": str(args.analysis_workers), "ANALYSES_PER_MINUTE": "0",
        "PUZZLE_WORKERS": "1" if args.miner else "0",
        "BOARD_SEARCHES_PER_MINUTE": "0"},
        root=side.root if side else REPO_ROOT, python=side.python if side else sys.executable)


def run_side(side: Side, args: argparse.Namespace) -> Measured:
    """One run of `args` on a fresh Redis and node of `side` (--compare)."""
    cluster = start(args, side)
    try:
        return run(cluster, args)
    finally:
        cluster.stop()


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    args = parse_args(argv)
    log.info("open files limit: %d", raise_open_files_limit())
    if args.compare:
        return compare_sides(args, run_side)
    if args.url:
        cluster = Cluster(external_urls=tuple(u.rstrip("/") for u in args.url),
                          external_pids=tuple(args.server_pid))
    else:
        cluster = start(args)
    try:
        if args.alternate:
            runs = alternate(cluster, args, run)
        else:
            measured = run(cluster, args)
    finally:
        cluster.stop()
    if args.alternate:
        print(compare(runs))
        return 0 if all(m.tally.clean for *_, m in runs) else 1
    print(report(args, measured))
    if args.interleave:
        print()
        print(compare_interleaved(measured.tally, measured.background))
        if measured.miner:
            print(measured.miner)
    if args.profile:
        print()
        print(summary(args.profile))
    return 0 if measured.tally.clean else 1


if __name__ == "__main__":
    sys.exit(main())
