// The server's JSON API: requests, analysis, the seats this browser holds.

export async function api(method, path, body) {
  const r = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  let data = {};
  try { data = await r.json(); } catch (_) {}
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

// tokenKey is where local storage keeps this browser's seat of a game.
export const tokenKey = (id) => "reversi-seat-" + id;

export async function analyse(position, playerSpec) {
  return api("POST", "/api/analyze", { ...position, player: playerSpec });
}

// watchGame follows a game over its WebSocket, reconnecting with a
// growing delay: onState gets each state newer than version() (the
// version the page shows, sent on reconnection so the server can resync
// it). It returns a function that stops watching.
export function watchGame(id, version, onState) {
  let ws = null, retry = 500, stopped = false;
  function connect() {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + `/api/games/${id}/ws`);
    ws.onopen = () => { retry = 500; const v = version(); if (v !== undefined) ws.send(JSON.stringify({ type: "hello", version: v })); };
    ws.onmessage = (m) => {
      const e = JSON.parse(m.data), v = version();
      if (e.type === "state" && (v === undefined || e.version >= v)) onState(e.game);
    };
    ws.onclose = () => { if (stopped) return; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
  }
  connect();
  return () => { stopped = true; ws?.close(); };
}
