#!/usr/bin/env python3
"""Usage: evaluation-flood.py HOST PORT RECORD_FILE N SERVER_PID

Issue #53 item 2, on loopback only: one client (127.0.0.1) imports N copies of a
long Abalone record and asks for their evaluation; another (127.0.0.2) then asks
for one. Prints statuses, bodies, Retry-After, when the other's first ply is
evaluated, and the server's peak memory (VmHWM)."""
import http.client, json, random, socket, sys, time

HOST, PORT = sys.argv[1], int(sys.argv[2])
RECORD = open(sys.argv[3]).read()
N = int(sys.argv[4]); PID = int(sys.argv[5])

class Conn(http.client.HTTPConnection):
    def __init__(self, source):
        super().__init__(HOST, PORT, timeout=120, source_address=(source, 0))

def req(conn, method, path, body=None):
    conn = Conn(conn.source_address[0])
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={"content-type": "application/json"} if data else {})
    r = conn.getresponse(); text = r.read().decode()
    try: j = json.loads(text)
    except Exception: j = text
    return r.status, {k.lower(): v for k, v in r.getheaders()}, j

def hwm():
    for line in open(f"/proc/{PID}/status"):
        if line.startswith(("VmHWM", "VmRSS")): print("  ", line.strip())

flood = Conn("127.0.0.1"); other = Conn("127.0.0.2")
t0 = time.time(); ids = []
for i in range(N):
    s, h, j = req(flood, "POST", "/api/records", {"record": RECORD})
    assert s == 201, (s, j); ids.append(j["id"])
print(f"flooder imported {N} records in {time.time()-t0:.1f} s"); hwm()
statuses = {}
first_refusal = None
for gid in ids:
    s, h, j = req(flood, "POST", f"/api/games/{gid}/evaluation", {})
    statuses[s] = statuses.get(s, 0) + 1
    if s != 202 and first_refusal is None:
        first_refusal = (s, h.get("retry-after"), j if isinstance(j, str) else {k: j.get(k) for k in ("error", "kind", "message")})
print("flooder's evaluation requests by status:", statuses)
print("flooder's first refusal:", first_refusal)
s, h, j = req(other, "POST", "/api/records", {"record": RECORD}); assert s == 201, (s, j)
oid = j["id"]
t1 = time.time()
s, h, j = req(other, "POST", f"/api/games/{oid}/evaluation", {})
print("other client's request:", s, "Retry-After:", h.get("retry-after"),
      j if s != 202 else {k: j[k] for k in ("requested", "done", "total")})
if s == 202:
    while True:
        s, h, j = req(other, "GET", f"/api/games/{oid}/evaluation")
        if j["done"] > 0:
            print(f"other client's first ply evaluated after {time.time()-t1:.1f} s"); break
        if time.time() - t1 > 300: print("no ply of the other client's game within 300 s"); break
        time.sleep(0.2)
    s, h, j = req(flood, "GET", f"/api/games/{ids[0]}/evaluation")
    print("flooder's first game meanwhile:", j["done"], "of", j["total"])
hwm()
