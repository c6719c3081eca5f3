// Shared test setup: the exported catalogs, a fake WebSocket, the recorded frames (tests/web_frames.py).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Catalog, type CatalogData, type Lang } from "../src/i18n/catalog";
import { catalog } from "../src/i18n";
import { Connection, type Frame, type SocketLike } from "../src/connection";

export const catalogs: Record<string, Catalog> = Object.fromEntries(
  Object.values(import.meta.glob<{ default: CatalogData }>("../src/generated/i18n/*.json", { eager: true })).map((m) => [m.default.lang, new Catalog(m.default)]),
);

export function useLang(lang: Lang): Catalog {
  catalog.value = catalogs[lang];
  return catalogs[lang];
}

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Frame[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The server side: accept the connection. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

export function fakeConnection(): { conn: Connection; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const conn = new Connection("ws://test/ws", () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  });
  return { conn, sockets };
}

/** Connect and say welcome. */
export function welcome(conn: Connection, sockets: FakeSocket[]): FakeSocket {
  conn.connect();
  const s = sockets[sockets.length - 1];
  s.accept();
  s.push({ type: "welcome", v: 1, you: { id: "me", name: "Ada" } });
  return s;
}

export type RecordedGame = { table: string; edition: string; players: number; seats: never[]; frames: Record<string, Frame[]> };

export function recorded(): RecordedGame[] {
  return JSON.parse(readFileSync(resolve(__dirname, "golden/frames.json"), "utf8")).games;
}
