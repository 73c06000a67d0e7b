#!/usr/bin/env python3
"""Measures how `spielwerk serve` stands slow and hostile clients, over
loopback only.

Starts the server (a fresh SQLite file in a temporary folder), then:
  1. opens N idle connections from 127.0.0.1 (in worker processes of at
     most 2,500 each) and, while they are held, times GET /healthz from
     127.0.0.2 and reads the server's memory; tells how many of them the
     server closed or refused;
  2. sends a request head that never ends and times until the server
     closes that connection;
  3. sends L log-ins at once (each from its own loopback address, so that
     the per-address rate limit does not refuse them) and reads the
     server's peak memory before and after;
  4. times log-ins with a wrong password and with an unknown name
     (medians of R tries each, alternating).

Usage: deploy/slow-clients.py [--bin target/release/spielwerk]
       [--connections 20000] [--logins 40] [--rounds 20] [-- serve flags…]
Raises its own open-file limit (and the server's) to the hard limit.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

PER_WORKER = 2_500


def raise_file_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def memory_mb(pid, field):
    """VmRSS or VmHWM (peak) of a process, MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def reset_peak(pid):
    """Resets VmHWM to the current RSS (Linux: clear_refs 5)."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False


def request(port, method, path, body=None, source="127.0.0.2", timeout=600):
    """One request on a connection of its own; (status, body, seconds)."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    reply = conn.getresponse()
    data = reply.read()
    conn.close()
    return reply.status, data, time.monotonic() - started


def hold(port, count, ready, release, result):
    """A worker: opens `count` idle connections from 127.0.0.1, holds them
    until `release`, then reports how many the server closed meanwhile."""
    raise_file_limit()
    sockets, failed = [], 0
    for _ in range(count):
        s = socket.socket()
        s.setblocking(True)
        s.settimeout(5)
        try:
            s.bind(("127.0.0.1", 0))
            s.connect(("127.0.0.1", port))
            s.setblocking(False)
            sockets.append(s)
        except OSError:
            failed += 1
            s.close()
    ready.put((len(sockets), failed))
    release.wait()
    closed = 0
    for s in sockets:
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    result.put(closed)


def time_healthz(port, tries=5):
    times = []
    for _ in range(tries):
        status, _, seconds = request(port, "GET", "/healthz")
        assert status == 200, status
        times.append(seconds)
    return max(times), statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default="target/release/spielwerk")
    parser.add_argument("--connections", type=int, default=20_000)
    parser.add_argument("--logins", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--partial-wait", type=float, default=300, help="seconds to wait for a partial head to be closed")
    parser.add_argument("serve_flags", nargs="*")
    args = parser.parse_args()
    limit = raise_file_limit()
    print(f"open-file limit {limit}")
    folder = tempfile.mkdtemp(prefix="spielwerk-slow-")
    server = subprocess.Popen(
        [args.bin, "serve", "--addr", "127.0.0.1:0", "--db", os.path.join(folder, "games.db"), *args.serve_flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = server.stdout.readline()
        port = int(line.split("http://")[1].split("/")[0].rsplit(":", 1)[1])
        pid = server.pid
        print(f"server pid {pid} on port {port}: {line.strip()}")
        time_healthz(port)
        print(f"memory at rest: {memory_mb(pid, 'VmRSS'):.1f} MB")

        # 1. Idle connections.
        workers = []
        ready, result = multiprocessing.Queue(), multiprocessing.Queue()
        release = multiprocessing.Event()
        left = args.connections
        started = time.monotonic()
        while left > 0:
            count = min(left, PER_WORKER)
            worker = multiprocessing.Process(target=hold, args=(port, count, ready, release, result))
            worker.start()
            workers.append(worker)
            left -= count
        opened = failed = 0
        for _ in workers:
            o, f = ready.get()
            opened += o
            failed += f
        print(f"{opened} connections opened from 127.0.0.1 ({failed} failed) in {time.monotonic() - started:.1f} s")
        worst, median = time_healthz(port)
        print(f"while held: /healthz from 127.0.0.2 worst {worst * 1000:.1f} ms, median {median * 1000:.1f} ms; "
              f"server memory {memory_mb(pid, 'VmRSS'):.1f} MB (peak {memory_mb(pid, 'VmHWM'):.1f} MB)")
        time.sleep(2)
        release.set()
        closed = sum(result.get() for _ in workers)
        for worker in workers:
            worker.join()
        print(f"of them the server had closed or refused {closed}")
        time.sleep(1)
        print(f"after release: server memory {memory_mb(pid, 'VmRSS'):.1f} MB")

        # 2. A request head that never ends.
        partial = socket.create_connection(("127.0.0.1", port))
        partial.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        partial.settimeout(args.partial_wait)
        started = time.monotonic()
        try:
            while partial.recv(1024):
                pass
            print(f"partial request head: closed after {time.monotonic() - started:.1f} s")
        except socket.timeout:
            print(f"partial request head: still open after {args.partial_wait:.0f} s")
        except OSError as error:
            print(f"partial request head: reset after {time.monotonic() - started:.1f} s ({error})")
        partial.close()

        # 3. Log-ins at once.
        password = "measure-pass"
        status, data, _ = request(port, "POST", "/api/account/signup", {"name": "measure", "password": password})
        assert status == 200, (status, data)
        base = memory_mb(pid, "VmRSS")
        peak_reset = reset_peak(pid)
        replies, lock = [], threading.Lock()

        def login(i):
            status, _, seconds = request(port, "POST", "/api/account/login",
                                         {"name": "measure", "password": password}, source=f"127.0.1.{i + 1}")
            with lock:
                replies.append((status, seconds))

        threads = [threading.Thread(target=login, args=(i,)) for i in range(args.logins)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted({s for s, _ in replies})
        peak = memory_mb(pid, "VmHWM")
        print(f"{args.logins} log-ins at once: statuses {statuses}, all done in {time.monotonic() - started:.2f} s; "
              f"memory before {base:.1f} MB, peak {'since' if peak_reset else 'ever (clear_refs refused)'} "
              f"{peak:.1f} MB: {peak - base:+.1f} MB; after {memory_mb(pid, 'VmRSS'):.1f} MB")

        # 4. Wrong password against unknown name.
        wrong, unknown = [], []
        for i in range(args.rounds):
            for name, times in (("measure", wrong), ("nobody-here", unknown)):
                status, _, seconds = request(port, "POST", "/api/account/login",
                                             {"name": name, "password": "not-the-pass"}, source=f"127.0.2.{i + 1}")
                assert status == 401, status
                times.append(seconds)
        w, u = statistics.median(wrong) * 1000, statistics.median(unknown) * 1000
        print(f"log-in refusals, median of {args.rounds}: wrong password {w:.1f} ms, unknown name {u:.1f} ms "
              f"({(u - w) / w * 100:+.0f} %)")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
