// Plays ten moves of an Ataxx game with P1 on instance A (:8081) and P2 on
// instance B (:8082), each watching the game's WebSocket on its own
// instance, and a spectator through nginx (:8080); prints when each move
// reached the opponent's WebSocket. Start deploy/two-instances.sh first,
// then: node deploy/two-instances-demo.mjs (Node 18 or newer).
import crypto from "node:crypto";
import net from "node:net";
const post = (port, path, body, token) => fetch(`http://127.0.0.1:${port}${path}`, {method: "POST", headers: {"content-type": "application/json", ...(token ? {authorization: `Bearer ${token}`} : {})}, body: JSON.stringify(body)}).then(async r => ({status: r.status, body: await r.json()}));
// Minimal WebSocket client (text frames from the server are unmasked).
function ws(port, path, onMessage) {
  const key = crypto.randomBytes(16).toString("base64");
  const sock = net.connect(port, "127.0.0.1");
  sock.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let buf = Buffer.alloc(0), upgraded = false;
  sock.on("data", d => {
    buf = Buffer.concat([buf, d]);
    if (!upgraded) { const i = buf.indexOf("\r\n\r\n"); if (i < 0) return; if (!buf.subarray(0, 12).toString().includes("101")) throw new Error(buf.toString()); buf = buf.subarray(i + 4); upgraded = true; }
    for (;;) {
      if (buf.length < 2) return;
      let len = buf[1] & 127, off = 2;
      if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
      else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
      if (buf.length < off + len) return;
      const payload = buf.subarray(off, off + len).toString(); buf = buf.subarray(off + len);
      onMessage(JSON.parse(payload));
    }
  });
  return sock;
}
const created = await post(8081, "/api/games", {game: "ataxx", opponent: "human"});
const id = created.body.id, invite = created.body.invite.split("#invite=")[1];
console.log("created on A:", id, "invite link", created.body.invite);
const joined = await post(8082, `/api/games/${id}/join`, {invite});
console.log("joined on B:", joined.status, joined.body.seat);
const seen = {A: [], B: [], nginx: []};
const sockets = [ws(8081, `/api/games/${id}/ws`, m => seen.A.push(m)), ws(8082, `/api/games/${id}/ws`, m => seen.B.push(m)), ws(8080, `/api/games/${id}/ws`, m => seen.nginx.push(m))];
await new Promise(r => setTimeout(r, 500));
const tokens = {p1: created.body.token, p2: joined.body.token};
const port = {p1: 8081, p2: 8082};
let state = joined.body.state;
for (let i = 0; i < 10 && !state.outcome; i++) {
  const side = state.side_to_move, mv = state.legal_moves[Math.floor(Math.random() * state.legal_moves.length)];
  const r = await post(port[side], `/api/games/${id}/moves`, {move: mv}, tokens[side]);
  if (r.status !== 200) throw new Error(JSON.stringify(r));
  const other = side === "p1" ? "B" : "A";
  const started = Date.now();
  while (!seen[other].some(m => m.ply === r.body.ply)) { if (Date.now() - started > 10000) throw new Error("no push"); await new Promise(r => setTimeout(r, 5)); }
  console.log(`${side} played ${mv} through ${side === "p1" ? "A" : "B"}; the opponent's WebSocket on ${other} had it after ${Date.now() - started} ms`);
  state = (await fetch(`http://127.0.0.1:8080/api/games/${id}`).then(r => r.json()));
}
await new Promise(r => setTimeout(r, 300));
console.log("spectator through nginx saw ply", seen.nginx.at(-1).ply, "; moves via nginx:", state.moves.join(" "));
console.log("healthz via nginx:", await fetch("http://127.0.0.1:8080/healthz").then(r => r.text()));
sockets.forEach(s => s.destroy());
