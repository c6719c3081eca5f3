// The WebSocket client: hello first, open with since, events merged by seq (a gap asks again),
// decisions with a command id resent after a reconnect until acknowledged, refusals, the banner state.
import { afterEach, describe, expect, it, vi } from "vitest";
import { commandId } from "../src/connection";
import { fakeConnection, welcome } from "./helpers";

afterEach(() => vi.useRealTimers());

const ev = (seq: number) => ({ seq, kind: "draw", seat: 0, from: "deck", reason: "turn", say: { id: "You draw a card." } });
const prompt = (version: number) => ({ seat: 0, version, legal: [{ text: "guard@1=2", id: 1 }], deadline: null });

describe("connection", () => {
  it("says hello, then opens the tables it watches from the next event it needs", () => {
    const { conn, sockets } = fakeConnection();
    const s = conn.open("T1", 0);
    const socket = welcome(conn, sockets);
    expect(socket.sent[0]).toEqual({ type: "hello", v: 1 });
    expect(socket.sent[1]).toEqual({ type: "open", table: "T1", since: 0, seat: 0 });
    socket.push({ type: "state", table: "T1", version: 3, seat: 0, view: null, events: [ev(0), ev(1)], prompt: prompt(3), seats: [], chat: [], status: "playing" });
    expect(s.events.value.map((e) => e.seq)).toEqual([0, 1]);
    expect(s.nextSeq()).toBe(2);
    expect(conn.status.value).toBe("open");
  });

  it("merges events by seq and asks again after a gap", () => {
    const { conn, sockets } = fakeConnection();
    const s = conn.open("T1", 0);
    const socket = welcome(conn, sockets);
    socket.push({ type: "state", table: "T1", version: 1, events: [ev(0)], prompt: null });
    socket.push({ type: "update", table: "T1", version: 2, events: [ev(0), ev(1)], prompt: null });
    expect(s.events.value.map((e) => e.seq)).toEqual([0, 1]);
    const before = socket.sent.length;
    socket.push({ type: "update", table: "T1", version: 4, events: [ev(3)], prompt: null });
    expect(s.events.value.map((e) => e.seq)).toEqual([0, 1]);
    expect(socket.sent.slice(before)).toEqual([{ type: "open", table: "T1", since: 2, seat: 0 }]);
  });

  it("resends an unacknowledged decision with the same command id after a reconnect, and shows the banner meanwhile", () => {
    vi.useFakeTimers();
    const { conn, sockets } = fakeConnection();
    const s = conn.open("T1", 0);
    let socket = welcome(conn, sockets);
    socket.push({ type: "state", table: "T1", version: 5, events: [ev(0)], prompt: prompt(5) });
    const cmd = conn.decide(s, "guard@1=2");
    expect(cmd).toBeTruthy();
    expect(conn.decide(s, "guard@1=2")).toBeNull(); // one decision at a time
    const decide = socket.sent[socket.sent.length - 1];
    expect(decide).toMatchObject({ type: "decide", table: "T1", seat: 0, version: 5, decision: "guard@1=2", cmd });
    socket.close();
    expect(conn.status.value).toBe("lost");
    vi.advanceTimersByTime(300);
    socket = sockets[sockets.length - 1];
    expect(sockets.length).toBe(2);
    socket.accept();
    socket.push({ type: "welcome", v: 1, you: { id: "me", name: "Ada" } });
    expect(conn.status.value).toBe("open");
    expect(socket.sent).toEqual([{ type: "hello", v: 1 }, { type: "open", table: "T1", since: 1, seat: 0 }, decide]);
    socket.push({ type: "ack", cmd, version: 6 });
    expect(s.sending.value).toBeNull();
  });

  it("shows a refusal and opens again after a stale version", () => {
    const { conn, sockets } = fakeConnection();
    const s = conn.open("T1", 0);
    const socket = welcome(conn, sockets);
    socket.push({ type: "state", table: "T1", version: 5, events: [], prompt: prompt(5) });
    const cmd = conn.decide(s, "guard@1=2");
    const say = { id: "The game has moved on (it is at version {version}): look at the table again, then decide.", args: { version: { number: 6 } } };
    socket.push({ type: "refused", cmd, code: "stale_version", params: { version: 6 }, say });
    expect(s.refusal.value).toEqual({ code: "stale_version", params: { version: 6 }, say });
    expect(s.sending.value).toBeNull();
    expect(socket.sent[socket.sent.length - 1]).toEqual({ type: "open", table: "T1", since: 0, seat: 0 });
  });

  it("switches seats (pass-and-play) from a fresh picture, and watches as a spectator with the invite", () => {
    const { conn, sockets } = fakeConnection();
    const s = conn.open("T1", 0);
    const socket = welcome(conn, sockets);
    socket.push({ type: "state", table: "T1", version: 2, events: [ev(0), ev(1)], prompt: null });
    conn.open("T1", 1);
    expect(s.events.value).toEqual([]);
    expect(socket.sent[socket.sent.length - 1]).toEqual({ type: "open", table: "T1", since: 0, seat: 1 });
    conn.open("T2", null, "secret");
    expect(socket.sent[socket.sent.length - 1]).toEqual({ type: "open", table: "T2", since: 0, spectate: true, invite: "secret" });
  });

  it("makes distinct command ids without a secure context", () => {
    const ids = new Set([...Array(50)].map(() => commandId()));
    expect(ids.size).toBe(50);
    expect([...ids][0]).toMatch(/^[0-9a-f]{24}$/);
  });
});
