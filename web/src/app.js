// The Spielwerk web UI: lobby, game page and rules pages, in one module.

import { t, lang, setLang, playerName, errorText, optionLabel, optionHelp } from "./i18n.js";
import { h, replaceKeepingFocus, patch } from "./svg.js";
import { createChat } from "./chat.js";
import { createRematch } from "./rematch.js";
import { recordHeader } from "./tags.js";
import { markdown } from "./markdown.js";
import { researchPage } from "./research.js";
import { analysisPage } from "./analysis-board.js";
import { loadAccount, accountName, accountWidget, loginPage, profilePage, seatAccount, seatLabel } from "./account.js";
import { seeksSection, myGamesSection } from "./seeks.js";
import { boardModule } from "./boards.js";

const main = document.getElementById("app");
let registry = null;
let page = null;

/**
 * Calls the API; resolves to the JSON body or throws an Error with the server's message
 * (`text` holds it in English and German, see `errorText`), or one marked `offline` when
 * the server cannot be reached.
 */
async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    const error = new Error(t("notSent"));
    error.offline = true;
    throw error;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || `${response.status}`);
    error.status = response.status;
    error.text = data.message;
    throw error;
  }
  return data;
}

function seatKey(id) {
  return `spielwerk.game.${id}`;
}

function loadSeat(id) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(id))) || null;
  } catch {
    return null;
  }
}

function saveSeat(id, seat) {
  localStorage.setItem(seatKey(id), JSON.stringify(seat));
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

function link(path, text, attrs = {}) {
  return h("a", {
    href: path,
    ...attrs,
    onclick: (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      navigate(path);
    },
  }, text);
}

function header() {
  const bar = document.getElementById("bar");
  replaceKeepingFocus(bar, 
    link("/", t("appTitle"), { class: "brand" }),
    h("nav", {}, [
      link("/", t("lobby")),
      link("/research/amakta", t("research")),
      accountWidget({ link, navigate, changed: header }),
      h("span", { class: "lang", role: "group", "aria-label": t("language") }, ["en", "de"].map((code) =>
        h("button", {
          class: code === lang() ? "active" : "",
          "data-lang": code,
          onclick: () => {
            setLang(code);
            header();
            page?.render();
          },
        }, code.toUpperCase()))),
    ]),
  );
}

function gameEntry(name) {
  return registry.games.find((g) => g.name === name);
}

// ---------------------------------------------------------------- lobby

// Running games per page of the lobby.
const LOBBY_PAGE = 20;

function lobbyPage() {
  const form = { game: registry.games[0]?.name, options: {}, opponent: "engine", level: registry.levels.default, side: "p1", clock: "", rated: false };
  let running = [];
  // The page of running games shown (from 1) and how many pages there are.
  let listPage = 1;
  let listPages = 1;
  const seeks = seeksSection({ registry, navigate, link });
  const mine = myGamesSection({ navigate, link });
  // A refused new game (`error`, shown at the option it names, else below the button) or import.
  let error = "";
  let importError = "";
  let timer = null;
  let recordText = "";

  // Whether the last refresh reached the server; the next one tries again.
  let online = true;

  async function refresh() {
    try {
      const listed = await api("GET", `/api/games?limit=${LOBBY_PAGE}&page=${listPage}`);
      running = listed.games;
      listPages = Math.max(1, Math.ceil(listed.total / LOBBY_PAGE));
      online = true;
    } catch (e) {
      online = !e.offline;
    }
    renderList();
  }

  async function create() {
    const request = { game: form.game, options: form.options, opponent: form.opponent, side: form.side };
    if (form.opponent === "engine") request.level = Number(form.level);
    if (form.opponent === "human" && form.clock) request.clock = form.clock;
    if (form.opponent === "human" && form.clock && form.rated && accountName()) request.rated = true;
    try {
      const created = await api("POST", "/api/games", request);
      saveSeat(created.id, { token: created.token, seat: created.seat, invite: created.invite });
      navigate(`/play/${created.id}`);
    } catch (e) {
      error = e;
      render();
      document.getElementById("create-error")?.scrollIntoView({ block: "center" });
    }
  }

  async function importRecord() {
    try {
      const imported = await api("POST", "/api/records", { record: recordText });
      navigate(`/play/${imported.id}`);
    } catch (e) {
      importError = e;
      render();
    }
  }

  const list = h("div", { id: "running" });
  // Game modules with a lobby form of their own (`lobbyOptions`), by game.
  const lobbyModules = new Map();

  function customOptions(entry) {
    if (!lobbyModules.has(entry.name)) {
      lobbyModules.set(entry.name, null);
      loadRenderer(entry.name).then((module) => {
        lobbyModules.set(entry.name, module);
        if (module.lobbyOptions) render();
      });
    }
    const module = lobbyModules.get(entry.name);
    return module?.lobbyOptions ? module.lobbyOptions({ entry, options: form.options, t, rerender: render }) : null;
  }

  function renderList() {
    const offline = online ? null : h("p", { class: "connection", id: "connection", role: "status" }, t("connectionLost"));
    if (!running.length) {
      patch(list, offline, h("p", { class: "muted" }, t("noGames")));
      return;
    }
    // A row opens its game wherever it is clicked; its link serves the keyboard. On a narrow
    // card "to move" and "watchers" give way (see style.css), the link stays.
    patch(list, ...[offline, h("table", { class: "games" }, [
      h("thead", {}, h("tr", {}, [[t("game")], [t("moves")], [t("toMove"), "wide"], [t("watchers"), "wide"], [""]].map(([c, wide]) => h("th", { class: wide }, c)))),
      h("tbody", {}, running.map((g) => h("tr", { "data-game": g.id, onclick: (e) => e.target.closest("a") || navigate(`/play/${g.id}`) }, [
        h("td", {}, [g.title, h("small", { class: "muted" }, g.seats.map((s) => `${seatLabel(s)}${s.player === "engine" ? " (" + t("engine") + ")" : s.joined ? "" : " (" + t("open_") + ")"}`).join(" – "))]),
        h("td", {}, String(g.ply)),
        h("td", { class: "wide" }, playerName(g.to_move_name)),
        h("td", { class: "wide" }, String(g.watchers)),
        h("td", {}, link(`/play/${g.id}`, t("watch"))),
      ]))),
    ]), listPages > 1 ? h("div", { class: "pager" }, [
      h("button", { "data-page": "previous", disabled: listPage <= 1, onclick: () => { listPage--; refresh(); } }, t("acct.previous")),
      h("span", { class: "muted" }, t("acct.page", { page: listPage, pages: listPages })),
      h("button", { "data-page": "next", disabled: listPage >= listPages, onclick: () => { listPage++; refresh(); } }, t("acct.next")),
    ]) : null].filter(Boolean));
  }

  function optionField(spec) {
    const value = form.options[spec.name] ?? spec.default;
    const change = (event) => {
      form.options[spec.name] = event.target.value;
    };
    const input = spec.choices.length
      ? h("select", { name: `option-${spec.name}`, onchange: change }, spec.choices.map((c) => h("option", { value: c, selected: c === value }, c)))
      : h("input", { name: `option-${spec.name}`, value, onchange: change });
    const help = optionHelp(form.game, spec.name, spec.help);
    return h("label", { title: help }, [h("span", {}, optionLabel(spec.name)), input, h("small", { class: "muted" }, help), errorAt(spec.name)]);
  }

  /** The option a refusal names (the server's English message), if any. */
  function refusedOption() {
    const names = gameEntry(form.game)?.options.map((o) => o.name) || [];
    return names.find((name) => error?.message?.includes(name)) ?? null;
  }

  /** The refusal of the new game when it belongs at `place` (an option's name, or null for the button). */
  function errorAt(place) {
    return error && refusedOption() === place ? h("p", { class: "error", role: "alert", id: "create-error" }, errorText(error)) : null;
  }

  function render() {
    const entry = gameEntry(form.game);
    const players = entry?.players || { p1: "P1", p2: "P2" };
    const field = (label, control) => h("label", {}, [h("span", {}, label), control]);
    const select = (name, value, choices, onchange) =>
      h("select", { name, onchange: (e) => { onchange(e.target.value); render(); } },
        choices.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text)));
    const levels = [];
    for (let l = registry.levels.min; l <= registry.levels.max; l++) levels.push([l, String(l)]);
    replaceKeepingFocus(main, h("div", { class: "lobby" }, [
      h("section", { class: "card" }, [
        h("h1", {}, t("newGame")),
        h("form", { id: "create", onsubmit: (e) => { e.preventDefault(); create(); } }, [
          field(t("game"), select("game", form.game, registry.games.map((g) => [g.name, g.title]), (v) => {
            form.game = v;
            form.options = {};
          })),
          entry?.options.length ? customOptions(entry) || h("fieldset", {}, [h("legend", {}, t("options")), ...entry.options.map(optionField)]) : null,
          field(t("opponent"), select("opponent", form.opponent, [["engine", t("engine")], ["human", t("human")]], (v) => { form.opponent = v; })),
          form.opponent === "engine" ? field(t("level"), select("level", form.level, levels, (v) => { form.level = v; })) : null,
          field(t("side"), select("side", form.side, [["p1", playerName(players.p1)], ["p2", playerName(players.p2)], ["random", t("random")]], (v) => { form.side = v; })),
          form.opponent === "human" ? field(t("clock"), select("clock", form.clock, [["", t("noClock")], ["1+0", "1+0"], ["3+2", "3+2"], ["5+3", "5+3"], ["10+5", "10+5"], ["15+10", "15+10"]], (v) => { form.clock = v; })) : null,
          form.opponent === "human" && form.clock && accountName() ? h("label", { class: "check" }, [h("input", { type: "checkbox", name: "rated", checked: form.rated, onchange: (e) => { form.rated = e.target.checked; } }), t("seek.rated")]) : null,
          h("button", { type: "submit", class: "primary" }, t("create")),
          errorAt(null),
        ]),
      ]),
      seeks.element,
      mine.element,
      h("section", { class: "card running-card" }, [h("h2", {}, t("runningGames")), list]),
      h("section", { class: "card" }, [
        h("h2", {}, t("rules")),
        h("ul", { class: "rules-links" }, registry.games.map((g) => h("li", {}, link(`/rules/${g.name}`, g.title)))),
        h("h2", {}, t("importRecord")),
        h("p", { class: "muted" }, t("importHint")),
        h("textarea", { rows: 5, name: "record", oninput: (e) => { recordText = e.target.value; } }, recordText),
        h("button", { id: "import", onclick: importRecord }, t("open")),
        importError ? h("p", { class: "error", role: "alert", id: "import-error" }, errorText(importError)) : null,
      ]),
    ]));
    seeks.render();
    mine.render();
    renderList();
  }

  refresh();
  timer = setInterval(refresh, 3000);
  return { render, destroy: () => { clearInterval(timer); seeks.destroy(); mine.destroy(); } };
}

// ---------------------------------------------------------------- rules

function rulesPage(name) {
  function render() {
    const entry = gameEntry(name);
    if (!entry) {
      main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, t("notFound")), h("p", {}, link("/", t("backToLobby")))]));
      return;
    }
    const article = h("article", { class: "card rules", lang: lang() });
    article.innerHTML = markdown(lang() === "de" ? entry.rules.de : entry.rules.en);
    main.replaceChildren(h("div", { class: "page" }, [h("p", {}, link("/", t("backToLobby"))), article]));
  }
  return { render, destroy() {} };
}

// ---------------------------------------------------------------- sound

let audio = null;

function muted() {
  return localStorage.getItem("spielwerk.muted") === "1";
}

function setMuted(value) {
  localStorage.setItem("spielwerk.muted", value ? "1" : "0");
}

/** A short beep, unless muted; browsers allow sound only once the person has used the page. */
function beep() {
  if (muted() || !navigator.userActivation?.hasBeenActive) return;
  audio ??= new AudioContext();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.2, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.15);
}

function notFoundPage() {
  function render() {
    main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, t("pageNotFound")), h("p", {}, link("/", t("backToLobby")))]));
  }
  return { render, destroy() {} };
}

// ---------------------------------------------------------------- game

async function loadRenderer(name) {
  return boardModule(name);
}

function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

function gamePage(id) {
  let state = null;
  let seat = loadSeat(id);
  let viewPly = null;
  const viewCache = new Map();
  let shownView = null;
  let flipped = seat?.seat === "p2";
  let notice = "";
  let error = "";
  let socket = null;
  let closed = false;
  let renderer = null;
  let board = null;
  let receivedAt = 0;
  let clockTimer = null;
  const boardHost = h("div", { class: "board-host", id: "board" });
  const panel = h("aside", { class: "panel" });
  const turn = h("p", { class: "turn-line", id: "turn", "aria-hidden": "true" });
  // Outside the panel, which is rebuilt: a lost connection, and each move in words for screen readers.
  const connectionBox = h("p", { class: "connection", id: "connection", role: "status", hidden: true });
  const announcer = h("p", { class: "sr-only", id: "announce", "aria-live": "polite" });
  // Whether the socket is up; while it is not, moves wait and the page retries, waiting longer each time.
  let online = true;
  let retries = 0;
  let retryTimer = null;
  // The ply the board shows, to slide in a move just played.
  let drawnPly = null;
  // A move chosen while the opponent is to move, played when the turn comes if it is legal then.
  let premove = null;
  // Engine analysis of a shown position: { source, ply, side, info, best, running, failed }.
  let analysis = null;
  let analysisMs = 2000;
  const analysisBox = h("div", { class: "analysis", id: "analysis", "aria-live": "polite" });
  // Rematch (rematch.js) and the players' chat (chat.js, made once the page knows it is a player's).
  const rematch = createRematch({
    id, post: (action) => api("POST", `/api/games/${id}/rematch`, { action }, seat?.token), taken: (update) => accept(update),
    failed: (e) => { error = e; render(); }, hasSeat: (other) => Boolean(loadSeat(other)?.token), saveSeat, navigate,
  });
  let chat = null;
  const leave = () => rematch.leave(state, seat);

  async function joinFromHash() {
    const match = location.hash.match(/invite=([0-9a-f]+)/);
    if (!match) return;
    history.replaceState(null, "", location.pathname);
    if (seat?.token) return;
    try {
      const joined = await api("POST", `/api/games/${id}/join`, { invite: match[1] });
      seat = { token: joined.token, seat: joined.seat };
      saveSeat(id, seat);
      flipped = seat.seat === "p2";
      notice = "joined";
    } catch (e) {
      notice = e.status === 409 ? "seatTaken" : "";
      error = e.status === 409 ? "" : e;
    }
  }

  function connect() {
    if (closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
    socket = ws;
    // The first message after (re)connecting is the whole state, taken as
    // it is: versions count anew when the server restarts. Updates follow.
    let first = true;
    // A player's socket says whose it is, and then carries the chat too.
    ws.onopen = () => {
      if (seat?.token) ws.send(JSON.stringify({ type: "hello", token: seat.token }));
    };
    ws.onmessage = (event) => {
      const reconnected = !online;
      online = true;
      retries = 0;
      const message = JSON.parse(event.data);
      if (message.type === "chat") return chat?.take(message);
      accept(message, first);
      first = false;
      if (reconnected) render();
    };
    ws.onclose = () => {
      if (socket === ws) goOffline();
    };
  }

  /**
   * The server is out of reach (the socket closed, or a request failed): the page says so, takes
   * the moves away and connects again after 0.5, 1, 2, 4, then every 8 seconds; the first message
   * of the new socket is the whole state.
   */
  function goOffline() {
    if (closed || retryTimer) return;
    online = false;
    socket?.close();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, Math.min(500 * 2 ** retries++, 8000));
    render();
  }

  /** Reads the whole state again: after a missed change, or when the socket is down. */
  async function refetch() {
    try {
      accept(await api("GET", `/api/games/${id}`));
    } catch (e) {
      if (e.offline) return goOffline();
      error = e;
      render();
    }
  }

  /**
   * Takes a message of the server. A whole state (`type` "state") replaces the page's copy.
   * An update (`type` "update": the moves from `moves_from` on and a summary) is applied to
   * it; one that does not follow the copy's moves means a change was missed, and the whole
   * state is read again. Replies to moves are updates without the view: the socket brings
   * the same change with it, so they are left to it while it is open.
   */
  function accept(next, fresh = false) {
    if (!fresh && state && next.version < state.version) return;
    if (next.type === "update") {
      if (!state || next.version === state.version) return;
      if (!next.view) {
        if (socket?.readyState !== WebSocket.OPEN) refetch();
        return;
      }
      if (next.moves_from !== state.moves.length) {
        refetch();
        return;
      }
      // Updates leave out the position text; the page's copy drops its old one.
      const { position: _old, ...kept } = state;
      next = { ...kept, ...next, type: "state", moves: state.moves.concat(next.moves), moves_from: 0 };
    }
    const wasLive = viewPly === null;
    const before = state;
    state = next;
    receivedAt = performance.now();
    if (!wasLive && viewPly > state.ply) viewPly = null;
    render();
    rematch.follow(before, state, seat);
    if (before && state.ply > before.ply) moved(before);
    if (premove && canMove()) {
      const move = premove;
      premove = null;
      if (state.legal_moves.includes(move)) submitMove(move);
      else render();
    }
  }

  /** Says the moves played since `before` in the live region, and beeps when it is now the player's turn. */
  function moved(before) {
    const fresh = state.moves.slice(before.ply);
    const words = moveWords()?.slice(before.ply);
    announcer.textContent = words ? words.join("; ")
      : fresh.length === 1 ? t("played", { name: playerName(before.to_move_name), move: fresh[0] }) : fresh.join(" ");
    if (myTurn()) beep();
  }

  function myTurn() {
    return seat && state && !state.outcome && viewPly === null && state.side_to_move === seat.seat && state.opponent !== "record";
  }

  /** Whether the player may move now: their turn, and the server in reach. */
  function canMove() {
    return online && myTurn();
  }

  /** Whether the player may choose a premove now: the opponent to move, in a game whose board offers them. */
  function canPremove() {
    return Boolean(renderer?.premoves && online && seat && !state.outcome && viewPly === null && state.opponent !== "record" && state.side_to_move !== seat.seat);
  }

  async function send(path, body) {
    error = "";
    try {
      accept(await api("POST", `/api/games/${id}/${path}`, body, seat?.token));
    } catch (e) {
      if (e.offline) {
        e.key = path === "moves" ? "moveNotSent" : "notSent";
        goOffline();
      }
      error = e;
      render();
    }
  }

  function submitMove(move) {
    if (canMove()) return send("moves", { move });
    if (!canPremove()) return;
    premove = move;
    render();
  }

  async function showPly(ply) {
    if (!state) return;
    if (ply === null || ply >= state.ply) {
      viewPly = null;
      render();
      return;
    }
    viewPly = Math.max(0, ply);
    if (!viewCache.has(viewPly)) {
      try {
        viewCache.set(viewPly, await api("GET", `/api/games/${id}/view/${viewPly}`));
      } catch (e) {
        error = e;
      }
    }
    render();
  }

  /** Analysis helps a player only in a running game between people: there it is not offered. */
  function analysable() {
    return Boolean(state && (state.outcome || state.opponent === "engine" || state.opponent === "record"));
  }

  function stopAnalysis() {
    if (!analysis?.running) return;
    analysis.source.close();
    analysis.running = false;
  }

  /** Lets the engine analyse the position shown (the ply viewed, else the live one), reporting as it thinks. */
  function startAnalysis() {
    stopAnalysis();
    const ply = viewPly ?? state.ply;
    const side = viewPly === null ? state.side_to_move : viewCache.get(viewPly)?.side_to_move;
    const source = new EventSource(`/api/games/${id}/analysis?ply=${ply}&movetime=${analysisMs}`);
    const current = { source, ply, side, info: null, best: undefined, running: true, failed: false };
    analysis = current;
    source.addEventListener("info", (event) => {
      current.info = JSON.parse(event.data);
      renderAnalysis();
    });
    source.addEventListener("done", (event) => {
      const done = JSON.parse(event.data);
      current.best = done.best;
      if (done.depth !== null) current.info = { ...current.info, depth: done.depth, score: done.score, pv: done.pv };
      source.close();
      current.running = false;
      renderAnalysis();
    });
    // A refused request or a lost connection; closing keeps EventSource from reconnecting.
    source.onerror = () => {
      if (!current.running) return;
      source.close();
      current.running = false;
      current.failed = true;
      renderAnalysis();
    };
    renderAnalysis();
  }

  /** A UCI-style score (`cp 35`, `mate 3`, `mate -2`) for people: `+0.35`, "wins in 3 moves". */
  function scoreText(score) {
    const [kind, value] = score.split(" ");
    const n = Number(value);
    const pawns = (Math.abs(n) / 100).toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (kind === "cp") return `${n > 0 ? "+" : n < 0 ? "−" : ""}${pawns}`;
    if (value.startsWith("-")) return Math.abs(n) <= 1 ? t("losesIn1") : t("losesIn", { n: Math.abs(n) });
    return n <= 1 ? t("winsIn1") : t("winsIn", { n });
  }

  function renderAnalysis() {
    if (!analysis || !state) {
      analysisBox.replaceChildren();
      return;
    }
    const { info, running } = analysis;
    const side = state.seats.find((s) => s.seat === analysis.side);
    const row = (label, value, attrs = {}) => [h("dt", {}, label), h("dd", attrs, value)];
    patch(analysisBox, ...[
      h("div", { class: "analysis-head" }, [
        h("strong", {}, analysis.ply ? t("analysisOf", { ply: analysis.ply }) : t("analysisOfStart")),
        running ? h("span", { class: "muted" }, t("analysing")) : null,
        running ? h("button", { id: "analysis-stop", onclick: () => { stopAnalysis(); renderAnalysis(); } }, t("stop")) : null,
      ]),
      h("dl", {}, [
        ...row(t("depth"), info ? String(info.depth) : "–", { id: "analysis-depth" }),
        ...row(side ? t("scoreFor", { name: playerName(side.name) }) : t("score"), info?.score ? scoreText(info.score) : "–", { id: "analysis-score", "data-score": info?.score }),
        ...row(t("line"), info?.pv?.length ? info.pv.join(" ") : "–", { id: "analysis-pv", class: "pv" }),
        ...(info?.nodes !== undefined ? row(t("nodes"), info.nodes.toLocaleString(lang())) : []),
      ]),
      analysis.best !== undefined
        ? h("p", { id: "analysis-best", class: "notice", "data-best": analysis.best }, analysis.best ? t("bestMove", { move: analysis.best }) : t("noBestMove"))
        : null,
      analysis.failed ? h("p", { class: "error", role: "alert" }, t("analysisFailed")) : null,
    ].filter(Boolean));
  }

  function seatLine(s, index) {
    const you = seat && seat.seat === s.seat;
    const who = s.label ? s.label : s.player === "engine" ? `${t("engine")} · ${t("thinkingLevel", { level: state.level })}` : s.joined ? (you ? "✓" : "") : t("open_");
    const info = renderer?.seatInfo?.(shownView || state.view, t)?.[index];
    const clock = state.clock ? h("span", { class: clockClass(s.seat, state.clock.remaining_ms[index]), "data-clock": s.seat }, formatClock(state.clock.remaining_ms[index])) : null;
    return h("div", { class: `seat ${state.side_to_move === s.seat && !state.outcome ? "to-move" : ""}`, "data-seat": s.seat }, [
      h("span", { class: `swatch ${state.game}-${s.seat}` }),
      h("strong", {}, playerName(s.name)),
      seatAccount(s, link),
      h("span", { class: "muted" }, who),
      info ? h("span", { class: "info" }, info) : null,
      clock,
    ]);
  }

  /** A clock is low below 20 seconds or a tenth of the base time; the running one pulses then. */
  function clockClass(side, ms) {
    const low = ms < Math.max(20_000, state.clock.initial_ms / 10);
    return `clock${low ? " low" : ""}${low && state.clock.running === side ? " pulse" : ""}`;
  }

  function statusText() {
    if (!online) return t("connectionLost");
    if (state.outcome) {
      const o = state.outcome;
      const winner = o.winner ? state.seats.find((s) => s.seat === o.winner) : null;
      const result = winner ? t("wins", { name: playerName(winner.name) }) : t("draw");
      return `${t("gameOver")}: ${result} — ${o.text[lang()] || o.description} (${o.result})`;
    }
    const name = playerName(state.to_move_name);
    if (state.engine_thinking) return t("engineThinking", { name });
    if (myTurn()) return t("yourTurn", { name });
    return t("theirTurn", { name });
  }

  /** The moves in words when the game's module writes them (`moveWords`), else null. */
  function moveWords() {
    return renderer?.moveWords?.(state.moves, state.view, { t, flipped }) || null;
  }

  /** The list of moves: in words, one a line, with the move text on hover, when the game writes them. */
  function moveList(words) {
    const shownPly = viewPly === null ? state.ply : viewPly;
    const cells = [];
    state.moves.forEach((move, index) => {
      const ply = index + 1;
      if (index % 2 === 0) cells.push(h("span", { class: "number" }, `${index / 2 + 1}.`));
      cells.push(h("button", {
        class: `move ${shownPly === ply ? "current" : ""}`, "data-ply": ply, "data-move": move, title: words ? move : null, onclick: () => showPly(ply),
      }, words ? words[index] : move));
    });
    return h("div", { class: `moves${words ? " words" : ""}`, id: "moves" }, cells);
  }

  /** Whose turn it is and the last move shown, above the board: on a narrow screen the panel is far below. */
  function turnLine(words, lastMove) {
    const shownPly = viewPly === null ? state.ply : viewPly;
    const last = shownPly > 0 ? h("span", { class: "muted", title: words ? lastMove : null }, t("lastMove", { move: words ? words[shownPly - 1] : lastMove })) : null;
    return [h("strong", {}, statusText()), last];
  }

  function render() {
    if (!state) return;
    const live = viewPly === null;
    const shown = live ? { view: state.view, last_move: state.last_move } : viewCache.get(viewPly) || { view: state.view, last_move: state.last_move };
    shownView = shown.view;
    const legal = canMove() ? state.legal_moves : [];
    // The server lists the legal moves unless there are very many (Amakta Infinit's stone creation).
    const legalListed = state.legal_moves.length === state.legal_moves_count;
    // A move just played (one ply on from the position drawn before) slides in.
    const shownPly = live ? state.ply : viewPly;
    const animate = drawnPly !== null && shownPly === drawnPly + 1;
    drawnPly = shownPly;
    board?.update({ view: shown.view, legal, legalListed, last: shown.last_move, flipped, interactive: canMove() || canPremove(), toMove: live ? state.side_to_move : shown.side_to_move, animate,
      premove: canPremove() ? seat.seat : null, queued: canPremove() ? premove : null });
    connectionBox.hidden = online;
    connectionBox.textContent = t("connectionLost");
    document.title = canMove() ? `(•) ${t("yourTurnTitle")} — ${t("appTitle")}` : `${state.title} — ${t("appTitle")}`;
    const words = moveWords();
    turn.replaceChildren(...turnLine(words, shown.last_move).filter(Boolean));
    const other = state.seats.find((s) => s.seat !== seat?.seat);
    const waiting = seat && state.opponent === "human" && !other.joined && seat.invite;
    const offerFromOther = state.draw_offer && seat && state.draw_offer !== seat.seat;
    const playing = online && seat && !state.outcome && state.opponent !== "record";
    const title = state.opponent === "engine" ? t("vsEngine", { level: state.level }) : state.opponent === "human" ? t("vsHuman") : t("imported");
    chat?.render();
    patch(panel, ...[
      h("h1", {}, [state.title, " ", h("small", { class: "muted" }, title)]),
      recordHeader(state),
      h("div", { class: "seats" }, state.seats.map(seatLine)),
      h("p", { class: `status ${state.outcome ? "over" : ""}`, id: "status", role: "status" }, statusText()),
      seat ? h("p", { class: "muted" }, t("youPlay", { name: playerName(state.seats.find((s) => s.seat === seat.seat).name) })) : h("p", { class: "muted" }, t("spectating")),
      notice ? h("p", { class: "notice" }, t(notice, { name: seat ? playerName(state.seats.find((s) => s.seat === seat.seat).name) : "" })) : null,
      waiting ? h("div", { class: "invite" }, [
        h("p", {}, t("waitingForOpponent")),
        h("input", { readonly: true, value: seat.invite, id: "invite", onclick: (e) => e.target.select() }),
        h("button", { onclick: (e) => { navigator.clipboard?.writeText(seat.invite); e.target.textContent = t("copied"); } }, t("copy")),
      ]) : null,
      offerFromOther && !state.outcome ? h("div", { class: "offer" }, [
        h("p", {}, t("drawOffered", { name: playerName(state.seats.find((s) => s.seat === state.draw_offer).name) })),
        h("button", { onclick: () => send("draw", { action: "accept" }) }, t("acceptDraw")),
        h("button", { onclick: () => send("draw", { action: "decline" }) }, t("declineDraw")),
      ]) : null,
      state.draw_offer && seat && state.draw_offer === seat.seat && !state.outcome ? h("p", { class: "notice" }, t("drawOfferSent")) : null,
      premove && canPremove() ? h("p", { class: "notice", id: "premove" }, [t("premoveQueued", { move: premove }), " ",
        h("button", { id: "premove-cancel", onclick: () => { premove = null; render(); } }, t("cancel"))]) : null,
      h("div", { class: "nav" }, [
        h("button", { title: t("first"), "aria-label": t("first"), "data-nav": "first", onclick: () => showPly(0) }, "«"),
        h("button", { title: t("back"), "aria-label": t("back"), "data-nav": "back", onclick: () => showPly((viewPly ?? state.ply) - 1) }, "‹"),
        h("button", { title: t("forward"), "aria-label": t("forward"), "data-nav": "forward", onclick: () => showPly((viewPly ?? state.ply) + 1) }, "›"),
        h("button", { title: t("last"), "aria-label": t("last"), "data-nav": "last", onclick: () => showPly(null) }, "»"),
        h("span", { class: "muted" }, live ? "" : t("viewing", { ply: viewPly, total: state.ply })),
      ]),
      moveList(words),
      playing && canMove() ? h("form", { class: "move-form", onsubmit: (e) => {
        e.preventDefault();
        const input = e.target.elements.move;
        if (input.value.trim()) submitMove(input.value.trim());
        input.value = "";
      } }, [
        h("input", { name: "move", placeholder: t("moveInput"), autocomplete: "off", "aria-label": t("moveInput") }),
        h("button", { type: "submit" }, t("play")),
        state.legal_moves.includes("0000") ? h("button", { type: "button", id: "pass", onclick: () => submitMove("0000") }, t("pass")) : null,
      ]) : null,
      error ? h("p", { class: "error", role: "alert", id: "error" }, errorText(error)) : null,
      h("div", { class: "actions" }, [
        playing ? h("button", { id: "resign", onclick: () => { if (confirm(t("confirmResign"))) send("resign", {}); } }, t("resign")) : null,
        playing && state.opponent === "human" && state.draw_offer !== seat.seat ? h("button", { id: "draw", onclick: () => send("draw", { action: "offer" }) }, t("offerDraw")) : null,
        playing && state.opponent === "engine" && state.ply > 0 ? h("button", { id: "undo", onclick: () => send("undo", {}) }, t("undo")) : null,
        h("button", { id: "flip", onclick: () => { flipped = !flipped; render(); } }, t("flip")),
        h("button", { id: "sound", class: "toggle", "aria-pressed": String(!muted()), title: t("soundHint"), onclick: () => { setMuted(!muted()); render(); } }, t("sound")),
        h("a", { class: "button", href: `/api/games/${id}/record`, download: `spielwerk-${state.game}-${id}.txt` }, t("download")),
        link(`/rules/${state.game}`, t("rules"), { class: "button" }),
      ]),
      rematch.controls(state, seat),
      chat?.element,
      analysable() ? h("div", { class: "analysis-controls" }, [
        h("button", { id: "analyse", onclick: startAnalysis }, t("analyse")),
        link(`/analysis/${id}`, t("ab.open"), { class: "button", id: "analysis-board-link" }),
        h("select", { name: "analysis-time", "aria-label": t("analysisTime"), title: t("analysisTime"), onchange: (e) => { analysisMs = Number(e.target.value); } },
          [300, 1000, 2000, 5000, 10000].map((ms) => h("option", { value: ms, selected: ms === analysisMs }, `${(ms / 1000).toLocaleString(lang())} s`))),
      ]) : null,
      analysisBox,
    ].filter(Boolean));
    // The move shown stays in sight in the list (the list scrolls, the page does not).
    const current = panel.querySelector("#moves .current");
    if (current) current.parentElement.scrollTop = current.offsetTop - current.parentElement.offsetTop - current.parentElement.clientHeight / 2;
    renderAnalysis();
  }

  function tickClocks() {
    if (!state?.clock?.running) return;
    const index = state.clock.running === "p1" ? 0 : 1;
    const left = state.clock.remaining_ms[index] - (performance.now() - receivedAt);
    const element = panel.querySelector(`[data-clock="${state.clock.running}"]`);
    if (!element) return;
    element.textContent = formatClock(left);
    element.className = clockClass(state.clock.running, left);
  }

  function keys(event) {
    if (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA" || !state) return;
    if (event.key === "ArrowLeft") showPly((viewPly ?? state.ply) - 1);
    if (event.key === "ArrowRight") showPly((viewPly ?? state.ply) + 1);
  }

  async function start() {
    main.replaceChildren(h("div", { class: "game" }, [h("div", { class: "board-area" }, [connectionBox, turn, boardHost]), panel, announcer]));
    await joinFromHash();
    try {
      state = await api("GET", `/api/games/${id}`);
    } catch (e) {
      main.replaceChildren(h("div", { class: "page card", id: "not-found" }, [h("h1", {}, e.status === 404 ? t("notFound") : errorText(e)), h("p", {}, link("/", t("backToLobby")))]));
      return;
    }
    receivedAt = performance.now();
    // Signed in on another device than the one holding the seat's token: the account's seat.
    if (!seat?.token && state.you) {
      seat = { seat: state.you };
      flipped = seat.seat === "p2";
    }
    renderer = await loadRenderer(state.game);
    board = renderer.createBoard(boardHost, { submit: submitMove, t });
    if (seat?.token && state.opponent === "human") {
      chat = createChat({
        mySeat: seat.seat, send: (text) => api("POST", `/api/games/${id}/chat`, { text }, seat.token).then(accept),
        nameOf: (side) => playerName(state.seats.find((s) => s.seat === side).name),
      });
    }
    window.addEventListener("pagehide", leave);
    render();
    connect();
    clockTimer = setInterval(tickClocks, 200);
    document.addEventListener("keydown", keys);
  }

  start();
  return {
    render: () => {
      board?.refresh?.();
      render();
    },
    destroy() {
      leave();
      window.removeEventListener("pagehide", leave);
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
      stopAnalysis();
      clearInterval(clockTimer);
      document.removeEventListener("keydown", keys);
    },
  };
}

// ---------------------------------------------------------------- routing

function route() {
  page?.destroy();
  page = null;
  document.title = t("appTitle");
  header();
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/play\/([a-z0-9]+)$/))) page = gamePage(match[1]);
  else if ((match = path.match(/^\/rules\/([a-z0-9-]+)$/))) page = rulesPage(match[1]);
  else if (path === "/research/amakta") page = researchPage(main);
  else if ((match = path.match(/^\/analysis\/([a-z0-9]+)$/))) page = analysisPage(main, match[1], { loadRenderer, link });
  else if (path === "/login") page = loginPage(main, { navigate, changed: header });
  else if ((match = path.match(/^\/@\/([A-Za-z0-9_-]+)$/))) page = profilePage(main, match[1], { link, navigate, registry });
  else if (path === "/") page = lobbyPage();
  else page = notFoundPage();
  page.render();
}

async function boot() {
  setLang(lang());
  registry = await api("GET", "/api/registry");
  await loadAccount();
  window.addEventListener("popstate", route);
  route();
}

boot();
