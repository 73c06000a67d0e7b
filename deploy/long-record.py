#!/usr/bin/env python3
"""Usage: long-record.py HOST PORT PLIES OUT_FILE

Makes a long Abalone record on a loopback server: random moves against the
engine (level 1) until PLIES plies, then resigns and downloads the record."""
import http.client, json, random, sys, time
HOST, PORT, PLIES, OUT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
c = http.client.HTTPConnection(HOST, PORT, timeout=60)
def req(method, path, body=None, token=None):
    h = {"content-type": "application/json"} if body is not None else {}
    if token: h["authorization"] = f"Bearer {token}"
    c.request(method, path, body=None if body is None else json.dumps(body), headers=h)
    r = c.getresponse(); t = r.read().decode()
    try: return r.status, json.loads(t)
    except Exception: return r.status, t
random.seed(53)
s, g = req("POST", "/api/games", {"game": "abalone", "opponent": "engine", "level": 1})
assert s == 201, (s, g)
gid, token, seat = g["id"], g["token"], g["seat"]
while True:
    s, st = req("GET", f"/api/games/{gid}")
    if st.get("outcome") or st.get("result"): print("game over early at", st.get("ply"), file=sys.stderr); break
    ply = st.get("ply") or len(st.get("moves", []))
    if ply >= PLIES: break
    if st.get("side_to_move") == seat and st.get("legal_moves"):
        mv = random.choice(st["legal_moves"])
        s, r = req("POST", f"/api/games/{gid}/moves", {"move": mv}, token)
        if s != 200: print("move", mv, s, r, file=sys.stderr)
    else:
        time.sleep(0.02)
req("POST", f"/api/games/{gid}/resign", {}, token)
s, rec = req("GET", f"/api/games/{gid}/record")
open(OUT, "w").write(rec if isinstance(rec, str) else json.dumps(rec))
print("plies", ply)
