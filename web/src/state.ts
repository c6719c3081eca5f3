// Page-wide state: who I am (the guest identity, a cookie set by POST /api/identity) and the one
// WebSocket connection.
import { signal } from "@preact/signals";
import { api, ApiError, type Me } from "./api";
import { Connection } from "./connection";

export const me = signal<Me | null>(null);
export const meLoaded = signal(false);

let connection: Connection | null = null;

export function conn(): Connection {
  if (!connection) connection = Connection.forPage();
  return connection;
}

/** For tests: use another connection (a fake socket). */
export function setConnection(c: Connection): void {
  connection = c;
}

export async function loadMe(): Promise<void> {
  try {
    me.value = await api.me();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    me.value = null;
  } finally {
    meLoaded.value = true;
  }
}

/** Make sure I have an identity with this name (creates it, or renames it). */
export async function ensureMe(name: string): Promise<Me> {
  const clean = name.trim();
  if (me.value) {
    if (me.value.name !== clean && clean) me.value = await api.rename(clean);
    return me.value;
  }
  const made = await api.identity(clean);
  me.value = { id: made.id, name: made.name };
  // a socket opened before the cookie existed said hello without it: say hello again
  connection?.restart();
  return me.value;
}

/** The seat this device last showed at a table (pass-and-play: the person at the device now). */
export function savedSeat(table: string): number | null {
  try {
    const v = sessionStorage.getItem(`loveletter.seat.${table}`);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
}

export function saveSeat(table: string, seat: number): void {
  try {
    sessionStorage.setItem(`loveletter.seat.${table}`, String(seat));
  } catch {
    /* ignore */
  }
}
