// The WebSocket of docs/protocol.md: one connection per page, hello/welcome, the tables it watches
// (open, with `since` on a reconnect so no event is missed or shown twice), decisions sent with a
// command id and resent after a reconnect until acknowledged (the server applies a command once),
// and reconnection with backoff; `status` drives the "connection lost" banner.
import { batch, signal } from "@preact/signals";
import type { Prompt, SeatInfo, WireEvent, WireView } from "./game";
import type { Message } from "./i18n/render";

export type Frame = { type: string; [k: string]: unknown };
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};
export type SocketFactory = (url: string) => SocketLike;

export type ChatLine = { from: { seat: number | null; name: string }; text: string; at: number | string };
export type Refusal = { code: string; params: Record<string, unknown>; say: Message | null };

/** A random command id (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function commandId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One table the page watches: the latest picture the server sent, and the events so far. */
export class TableSession {
  readonly view = signal<WireView | null>(null);
  readonly events = signal<WireEvent[]>([]);
  readonly prompt = signal<Prompt | null>(null);
  readonly seats = signal<SeatInfo[]>([]);
  readonly chat = signal<ChatLine[]>([]);
  readonly status = signal<string>("waiting");
  readonly version = signal<number>(-1);
  /** The seat the server shows (null: spectator). */
  readonly seat = signal<number | null>(null);
  readonly refusal = signal<Refusal | null>(null);
  /** What my seat knows now about the hidden cards, narrated by the server (null: a spectator). */
  readonly known = signal<Message[] | null>(null);
  /** Card -> copies whose place my seat does not know (the server's Knowledge.unseen; null: a spectator). */
  readonly unseen = signal<Record<string, number> | null>(null);
  /** The decision sent and not yet acknowledged. */
  readonly sending = signal<{ cmd: string; frame: Frame } | null>(null);
  /** The chat line sent last (its command id and text) and the refusal of a chat line, if any. */
  readonly chatSent = signal<{ cmd: string; text: string } | null>(null);
  readonly chatError = signal<Refusal | null>(null);
  /** The command ids of the reclaims sent and not yet answered, and a refusal of one. */
  readonly reclaiming = signal<string[]>([]);
  readonly reclaimError = signal<Refusal | null>(null);
  /** Increments with every state/update frame (tests and animations wait on it). */
  readonly frames = signal(0);

  /** The private table's invite (a spectator without a seat needs it). */
  invite: string | null = null;

  constructor(
    readonly table: string,
    /** The seat asked for (null: watch as a spectator; undefined: the server's default, my first seat). */
    public wantSeat: number | null | undefined,
  ) {}

  /** The next event number needed (0 before any). */
  nextSeq(): number {
    const evs = this.events.value;
    return evs.length ? evs[evs.length - 1].seq + 1 : 0;
  }

  /** Merge events by seq; false if there is a gap (some events were missed). */
  merge(events: WireEvent[], replace: boolean): boolean {
    const have = replace ? [] : this.events.value;
    let next = have.length ? have[have.length - 1].seq + 1 : (events[0]?.seq ?? 0);
    if (replace) next = events[0]?.seq ?? 0;
    const out = have.slice();
    for (const e of events) {
      if (e.seq < next) continue; // already have it
      if (e.seq > next) return false;
      out.push(e);
      next = e.seq + 1;
    }
    this.events.value = out;
    return true;
  }
}

const BACKOFF = [250, 500, 1000, 2000, 4000];

export class Connection {
  readonly status = signal<"connecting" | "open" | "lost">("connecting");
  readonly me = signal<{ id: string; name: string } | null>(null);
  readonly error = signal<{ code: string; params: Record<string, unknown> } | null>(null);
  readonly sessions = new Map<string, TableSession>();
  private ws: SocketLike | null = null;
  private welcomed = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly factory: SocketFactory = (u) => new WebSocket(u) as unknown as SocketLike,
  ) {}

  static forPage(): Connection {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return new Connection(`${proto}//${location.host}/ws`);
  }

  connect(): void {
    if (this.ws || this.closed) return;
    this.welcomed = false;
    const ws = this.factory(this.url);
    this.ws = ws;
    ws.onopen = () => this.send({ type: "hello", v: 1 }, true);
    ws.onmessage = (ev) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      this.receive(frame);
    };
    ws.onclose = () => this.lost(ws);
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.pinger) clearInterval(this.pinger);
    this.ws?.close();
    this.ws = null;
  }

  /** Drop the socket and connect again at once (after the identity cookie changed). */
  restart(): void {
    const ws = this.ws;
    if (!ws) return;
    this.ws = null;
    this.welcomed = false;
    ws.onclose = null;
    ws.close();
    this.connect();
  }

  private lost(ws: SocketLike): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.welcomed = false;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    if (this.closed) return;
    this.status.value = "lost";
    const delay = BACKOFF[Math.min(this.attempts, BACKOFF.length - 1)];
    this.attempts++;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  /** Frames before the welcome wait (except hello); after a reconnect, open() and resend() replay what matters. */
  private send(frame: Frame, force = false): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || (!this.welcomed && !force)) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  /** Start watching a table (as a seat or a spectator); a second call switches the seat. */
  open(table: string, seat: number | null | undefined, invite: string | null = null): TableSession {
    let s = this.sessions.get(table);
    const switching = s !== undefined && s.wantSeat !== seat;
    if (!s) {
      s = new TableSession(table, seat);
      this.sessions.set(table, s);
    }
    s.wantSeat = seat;
    s.invite = invite ?? s.invite;
    if (switching) {
      // another seat's picture: start from scratch (the events are told for that seat)
      batch(() => {
        s!.view.value = null;
        s!.events.value = [];
        s!.prompt.value = null;
        s!.version.value = -1;
        s!.refusal.value = null;
        s!.known.value = null;
        s!.unseen.value = null;
      });
    }
    this.sendOpen(s);
    this.connect();
    return s;
  }

  forget(table: string): void {
    this.sessions.delete(table);
  }

  private sendOpen(s: TableSession): void {
    const frame: Frame = { type: "open", table: s.table, since: s.nextSeq() };
    if (s.wantSeat !== undefined && s.wantSeat !== null) frame.seat = s.wantSeat;
    if (s.wantSeat === null) frame.spectate = true;
    if (s.invite) frame.invite = s.invite;
    this.send(frame);
  }

  /** Send a decision for the prompt the session shows. */
  decide(s: TableSession, decision: string): string | null {
    const p = s.prompt.value;
    if (!p || s.sending.value) return null;
    const cmd = commandId();
    const frame: Frame = { type: "decide", table: s.table, seat: p.seat, version: p.version, decision, cmd };
    batch(() => {
      s.sending.value = { cmd, frame };
      s.refusal.value = null;
    });
    this.send(frame);
    return cmd;
  }

  /** A raw frame (chat; tests). */
  sendFrame(frame: Frame): boolean {
    return this.send(frame);
  }

  /** Send a chat line (plain text; the server trims it and checks its length and rate). False when the
   * connection is down (nothing was sent). */
  chat(s: TableSession, text: string): boolean {
    const cmd = commandId();
    const sent = this.send({ type: "chat", table: s.table, text, cmd });
    if (sent) {
      batch(() => {
        s.chatSent.value = { cmd, text };
        s.chatError.value = null;
      });
    }
    return sent;
  }

  /** Take my seats back from the bot that plays them (after timeouts or leaving). */
  reclaim(s: TableSession, seats: number[]): boolean {
    if (!seats.length || s.reclaiming.value.length) return false;
    const cmds: string[] = [];
    for (const seat of seats) {
      const cmd = commandId();
      if (this.send({ type: "reclaim", table: s.table, seat, cmd })) cmds.push(cmd);
    }
    batch(() => {
      s.reclaiming.value = cmds;
      s.reclaimError.value = null;
    });
    return cmds.length > 0;
  }

  receive(frame: Frame): void {
    switch (frame.type) {
      case "welcome": {
        this.welcomed = true;
        this.attempts = 0;
        batch(() => {
          this.status.value = "open";
          this.me.value = (frame.you as { id: string; name: string }) ?? null;
        });
        for (const s of this.sessions.values()) {
          s.reclaiming.value = []; // unanswered before the connection dropped: the button is offered again
          this.sendOpen(s);
          const pending = s.sending.value;
          if (pending) this.send(pending.frame); // same cmd: applied at most once
        }
        if (!this.pinger && typeof setInterval === "function") {
          this.pinger = setInterval(() => this.send({ type: "ping", t: Date.now() }), 25000);
        }
        return;
      }
      case "state":
      case "update": {
        const s = this.sessions.get(String(frame.table));
        if (!s) return;
        const events = (frame.events as WireEvent[] | undefined) ?? [];
        const replace = frame.type === "state" && s.version.value < 0;
        batch(() => {
          const ok = s.merge(events, replace);
          if (frame.view !== undefined) s.view.value = frame.view as WireView | null;
          if (typeof frame.version === "number") s.version.value = frame.version;
          if (frame.prompt !== undefined) s.prompt.value = frame.prompt as Prompt | null;
          if (frame.seat !== undefined) s.seat.value = frame.seat as number | null;
          if (frame.seats !== undefined) s.seats.value = frame.seats as SeatInfo[];
          if (frame.known !== undefined) s.known.value = (frame.known as Message[] | null) ?? null;
          if (frame.unseen !== undefined) s.unseen.value = (frame.unseen as Record<string, number> | null) ?? null;
          if (frame.chat !== undefined) s.chat.value = frame.chat as ChatLine[];
          if (frame.status !== undefined) s.status.value = String(frame.status);
          else if (frame.view) s.status.value = (frame.view as WireView).outcome?.game ? "finished" : "playing";
          const p = s.prompt.value;
          const sent = s.sending.value;
          if (sent && (!p || p.version !== sent.frame.version)) s.sending.value = null; // moved on
          s.frames.value++;
          if (!ok) this.sendOpen(s); // a gap: ask again from the first missing event
        });
        return;
      }
      case "ack": {
        for (const s of this.sessions.values()) {
          if (s.sending.value?.cmd === frame.cmd) s.sending.value = null;
          if (s.reclaiming.value.includes(String(frame.cmd))) s.reclaiming.value = s.reclaiming.value.filter((c) => c !== frame.cmd);
        }
        return;
      }
      case "refused": {
        const refusal: Refusal = {
          code: String(frame.code),
          params: (frame.params as Record<string, unknown>) ?? {},
          say: (frame.say as Message) ?? null,
        };
        // a chat line or a reclaim of one session: told where it was asked
        const chatOf = [...this.sessions.values()].find((s) => frame.cmd !== undefined && s.chatSent.value?.cmd === frame.cmd);
        if (chatOf) {
          chatOf.chatError.value = refusal;
          return;
        }
        const reclaimOf = [...this.sessions.values()].find((s) => s.reclaiming.value.includes(String(frame.cmd)));
        if (reclaimOf) {
          batch(() => {
            reclaimOf.reclaiming.value = reclaimOf.reclaiming.value.filter((c) => c !== frame.cmd);
            reclaimOf.reclaimError.value = refusal;
          });
          return;
        }
        // the session whose decision it answers; a refusal of no pending decision (a raw frame) goes to all
        const all = [...this.sessions.values()];
        const matched = all.filter((s) => frame.cmd !== undefined && s.sending.value?.cmd === frame.cmd);
        for (const s of matched.length ? matched : all) {
          batch(() => {
            s.sending.value = null;
            s.refusal.value = refusal;
          });
          if (refusal.code === "stale_version") this.sendOpen(s);
        }
        return;
      }
      case "presence": {
        const s = this.sessions.get(String(frame.table));
        if (s) s.seats.value = frame.seats as SeatInfo[];
        return;
      }
      case "chat": {
        const s = this.sessions.get(String(frame.table));
        if (s) s.chat.value = [...s.chat.value, frame as unknown as ChatLine].slice(-200);
        return;
      }
      case "error": {
        this.error.value = { code: String(frame.code), params: (frame.params as Record<string, unknown>) ?? {} };
        return;
      }
      default:
        return;
    }
  }
}
