#!/usr/bin/env python3
"""Nodes per CPU-second of UAI engines' searches from the start position.

    python3 scripts/nps.py DEPTH "ENGINE COMMAND" ["ENGINE COMMAND" ...]

Each engine (e.g. "target/release/spielwerk uai") searches `go depth DEPTH`
three times, the engines in turn; a line gives the last iteration's nodes,
the engine's own time, and the CPU time (user + system) its process took,
read from the operating system. CPU time, unlike wall time, hardly changes
when other work shares the cores, so two builds can be compared on a busy
machine (docs/engine-authors.md). The CPU time includes starting the
program and clearing its hash table: search deep enough (Ataxx: depth 17)
that this is small."""
import subprocess, sys, resource, re


def run(cmd, depth, position="startpos"):
    """Runs one search of `cmd`; returns its nodes, its reported time in ms and its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uai\nisready\nuainewgame\nposition {position}\nisready\n"); p.stdin.flush()
    while "readyok" not in p.stdout.readline(): pass
    while "readyok" not in p.stdout.readline(): pass
    p.stdin.write(f"go depth {depth}\n"); p.stdin.flush()
    last = ""
    for line in p.stdout:
        if line.startswith("info depth"): last = line
        if line.startswith("bestmove"): break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    nodes = int(re.search(r"nodes (\d+)", last).group(1))
    ms = int(re.search(r"time (\d+)", last).group(1))
    return nodes, ms, cpu
if __name__ == "__main__":
    depth = int(sys.argv[1]); cmds = sys.argv[2:]
    for rep in range(3):
        for c in cmds:
            n, ms, cpu = run(c, depth)
            print(f"{c.split()[0].split('/')[-1]:28s} depth {depth} nodes {n} wall {ms} ms cpu {cpu:.2f} s -> {n/cpu/1e6:.2f} M nodes/cpu-s", flush=True)
