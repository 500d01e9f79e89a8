// The room's chat as the server keeps it (docs/protocol.md §3.4): two channels, the players'
// and the spectators', each filled by `chat_history` and extended by `chat` lines (deduplicated
// by their number `n`), and the chatters this browser has muted in this room (kept in
// localStorage, so a reload or a rematch keeps them quiet). No DOM, no network.

const KEEP = 50;
const storageKey = (roomId) => `caro.muted.${roomId}`;

/** Who said a line, as this browser mutes them: a player by name (seats swap on a rematch),
 *  or by seat when nameless; a spectator by name (nameless spectators are muted together). */
export function chatterKey(line) {
  const from = line.from || {};
  if (line.channel === "players") return `p:${from.name || `seat${from.seat}`}`;
  return `s:${from.name || ""}`;
}

export class ChatModel {
  constructor(roomId, storage = globalThis.localStorage) {
    this.roomId = roomId;
    this.storage = storage;
    this.lines = { players: [], spectators: [] };
    this.muted = new Set(this.load());
  }

  load() {
    try {
      const saved = JSON.parse(this.storage.getItem(storageKey(this.roomId)) || "[]");
      return Array.isArray(saved) ? saved.filter((k) => typeof k === "string") : [];
    } catch {
      return [];
    }
  }

  /** A `chat_history` message: the channel's lines as the server has them now. */
  history(msg) {
    this.lines[msg.channel] = msg.lines.slice(-KEEP);
  }

  /** A `chat` line; false when it was already there. */
  add(line) {
    const lines = this.lines[line.channel];
    if (!lines || lines.some((l) => l.n === line.n)) return false;
    this.lines[line.channel] = [...lines, line].slice(-KEEP);
    return true;
  }

  toggleMute(key) {
    if (!this.muted.delete(key)) this.muted.add(key);
    try {
      this.storage.setItem(storageKey(this.roomId), JSON.stringify([...this.muted]));
    } catch {
      // storage full or disabled: muted until the page closes
    }
  }

  /** The lines to show, oldest first: the players' channel, and the spectators' if shown. */
  visible(withSpectators) {
    const channels = withSpectators ? ["players", "spectators"] : ["players"];
    return channels.flatMap((c) => this.lines[c])
      .filter((line) => !this.muted.has(chatterKey(line)))
      .sort((a, b) => a.ts - b.ts || a.n - b.n);
  }
}
