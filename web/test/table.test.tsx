// The table page fed with frames recorded from the real engine and table runner (tests/web_frames.py):
// every language renders with no missing message, prompts offer only legal choices, a spectator's page
// shows no hand, pass-and-play hides the previous hand, the Princess asks for confirmation, refusals
// (of a decision, a chat line, a reclaim) are the server's words.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, cleanup, fireEvent, render } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LANGS } from "../src/i18n/catalog";
import { setOnMissing } from "../src/i18n/catalog";
import { setConnection } from "../src/state";
import { GameView } from "../src/ui/table";
import { seatNames } from "../src/ui/board";
import { type Message, Narrator } from "../src/i18n/render";
import type { TableSummary, WireView } from "../src/game";
import type { Frame } from "../src/connection";
import { fakeConnection, recorded, useLang, welcome } from "./helpers";

const games = recorded();
let missing: string[] = [];

beforeEach(() => {
  missing = [];
  setOnMissing((lang, key) => missing.push(`${lang}: ${JSON.stringify(key)}`));
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  setOnMissing(null);
});

function summary(g: (typeof games)[number]): TableSummary {
  return { id: g.table, edition: g.edition, players: g.players, profile: "bga", options: {}, visibility: "private", timer: null, status: "playing", seats: g.seats };
}

function setup(g: (typeof games)[number], seat: number | null, mine: number[]) {
  const { conn, sockets } = fakeConnection();
  setConnection(conn);
  const session = conn.open(g.table, seat);
  const socket = welcome(conn, sockets);
  const switched: number[] = [];
  const ui = render(<GameView session={session} table={summary(g)} mine={mine} onSwitch={(s) => switched.push(s)} />);
  return { conn, session, socket, ui, switched };
}

const text = (el: Element) => el.textContent ?? "";

/** Close a round-end dialog if one is open (the prompt waits behind it). */
async function closeDialogs(root: Element) {
  const close = root.querySelector<HTMLButtonElement>("button[data-action='close-dialog']");
  if (close) await act(() => void fireEvent.click(close));
}

describe("every language renders the whole game", () => {
  for (const lang of LANGS) {
    it(`${lang}: no missing message and no unfilled field, frame after frame`, async () => {
      const c = useLang(lang);
      for (const g of games) {
        const { socket, ui } = setup(g, 0, [0]);
        let checked = 0;
        for (const frame of g.frames["0"]) {
          await act(() => socket.push(frame));
          const page = text(ui.container);
          expect(page).not.toMatch(/\{[a-z]+\}/);
          const view = frame.view as WireView;
          for (const card of view.hand) expect(page).toContain(c.card(card, g.edition));
          checked++;
        }
        expect(checked).toBeGreaterThan(5);
        cleanup();
      }
      expect(missing).toEqual([]);
    });
  }
});

describe("prompts", () => {
  it("offer the cards of the hand, the legal ones playable, and send a legal decision", async () => {
    useLang("en");
    const g = games[1];
    const { socket, ui, session } = setup(g, 0, [0]);
    let decided = 0;
    for (const frame of g.frames["0"]) {
      await act(() => socket.push(frame));
      await closeDialogs(ui.container);
      const prompt = frame.prompt as { legal: { text: string }[]; version: number } | null;
      if (!prompt || session.view.value?.phase !== "play") continue;
      const legal = new Set(prompt.legal.map((d) => d.text));
      const cards = [...ui.container.querySelectorAll<HTMLButtonElement>("button[data-choice^='card:']")];
      const view = frame.view as WireView;
      expect(cards.map((b) => b.dataset.choice!.slice(5)).sort()).toEqual([...new Set(view.hand)].sort());
      // walk one path through the steps, always picking the first available choice
      for (let step = 0; step < 4; step++) {
        const before = socket.sent.length;
        const choice = [...ui.container.querySelectorAll<HTMLButtonElement>("button.choice")].find((b) => b.getAttribute("aria-disabled") !== "true" && b.dataset.choice !== "cancel");
        expect(choice).toBeTruthy();
        await act(() => void fireEvent.click(choice!));
        if (socket.sent.length > before) {
          const sent = socket.sent[socket.sent.length - 1];
          expect(sent.type).toBe("decide");
          expect(legal.has(String(sent.decision))).toBe(true);
          expect(sent.version).toBe(prompt.version);
          decided++;
          break;
        }
      }
      session.sending.value = null;
    }
    expect(decided).toBeGreaterThan(3);
  });

  it("explain why a card or a player cannot be chosen", async () => {
    const c = useLang("en");
    const g = games[0];
    const frame = g.frames["0"].find((f) => f.prompt && (f.view as WireView).phase === "play")!;
    const base = frame.view as WireView;
    const { socket, ui } = setup(g, 0, [0, 1]);
    // the Countess with the King: the King cannot be played
    let view = { ...base, hand: ["king", "countess"], alive: [true, true, true], protected: [false, false, false], mandate: null };
    await act(() => socket.push({ ...frame, view, prompt: { seat: 0, version: frame.version, legal: [{ text: "countess", id: 1 }], deadline: null } }));
    const king = ui.container.querySelector<HTMLButtonElement>("button[data-choice='card:king']")!;
    expect(king.getAttribute("aria-disabled")).toBe("true");
    await act(() => void fireEvent.click(king));
    expect(socket.sent.some((f) => f.type === "decide")).toBe(false);
    expect(text(king.parentElement!)).toContain(`You must play ${c.card("countess", g.edition)}: she is in your hand with ${c.card("king", g.edition)}.`);
    // a protected player cannot be chosen by the Priest
    view = { ...base, hand: ["priest", "guard"], alive: [true, true, true], protected: [false, true, false], mandate: null };
    const legal = [{ text: "priest@2", id: 3 }, { text: "guard@2=2", id: 4 }];
    await act(() => socket.push({ ...frame, version: (frame.version as number) + 1, view, prompt: { seat: 0, version: (frame.version as number) + 1, legal, deadline: null } }));
    await act(() => void fireEvent.click(ui.container.querySelector("button[data-choice='card:priest']")!));
    const bea = ui.container.querySelector<HTMLButtonElement>("button[data-choice='seat:1']")!;
    expect(bea.getAttribute("aria-disabled")).toBe("true");
    await act(() => void fireEvent.click(bea));
    expect(text(bea.parentElement!)).toContain("Bea is protected by the Handmaid until their next turn.");
    const me = ui.container.querySelector<HTMLButtonElement>("button[data-choice='seat:0']")!;
    await act(() => void fireEvent.click(me));
    expect(text(me.parentElement!)).toContain(`You cannot choose yourself with ${c.card("priest", g.edition)}.`);
    await act(() => void fireEvent.click(ui.container.querySelector("button[data-choice='seat:2']")!));
    expect(socket.sent.filter((f) => f.type === "decide").map((f) => f.decision)).toEqual(["priest@2"]);
    expect(missing).toEqual([]);
  });

  it("ask before the Princess is played", async () => {
    useLang("en");
    // a play prompt with the Princess in hand, made from a recorded frame
    const g = games[1];
    const frame = g.frames["0"].find((f) => f.prompt && (f.view as WireView).phase === "play")!;
    const view = { ...(frame.view as WireView), hand: ["princess", "guard"] };
    const legal = [{ text: "princess", id: 1 }, { text: "guard@1=2", id: 2 }];
    const { socket, ui } = setup(g, 0, [0]);
    await act(() => socket.push({ ...frame, view, prompt: { seat: 0, version: frame.version, legal, deadline: null } }));
    await act(() => void fireEvent.click(ui.container.querySelector("button[data-choice='card:princess']")!));
    expect(socket.sent.some((f) => f.type === "decide")).toBe(false);
    expect(text(ui.container)).toContain("knocks you out");
    await act(() => void fireEvent.click(ui.container.querySelector("button[data-choice='confirm']")!));
    const sent = socket.sent.filter((f) => f.type === "decide");
    expect(sent.map((f) => f.decision)).toEqual(["princess"]);
  });
});

describe("hidden cards", () => {
  it("a spectator's page shows no hand and no prompt", async () => {
    const c = useLang("en");
    for (const g of games) {
      const { socket, ui } = setup(g, null, []);
      for (const frame of g.frames["None"]) {
        expect((frame.view as WireView).hand).toEqual([]);
        await act(() => socket.push(frame));
        expect(ui.container.querySelector(".hand")).toBeNull();
        expect(ui.container.querySelector(".prompt")).toBeNull();
      }
      expect(text(ui.container)).toContain(c.t("You are watching as a spectator."));
      cleanup();
    }
  });

  it("pass-and-play hides the previous hand until the next person is ready", async () => {
    const c = useLang("en");
    const g = games[0]; // seats 0 and 1 are people on one device
    const { socket, ui, switched } = setup(g, 0, [0, 1]);
    let passes = 0;
    for (const frame of g.frames["0"]) {
      await act(() => socket.push(frame));
      const view = frame.view as WireView;
      if (view.toMove === 1) {
        expect(ui.container.querySelector("[data-card]")).toBeNull();
        expect(ui.container.querySelector(".hand")).toBeNull();
        for (const card of view.hand) expect(text(ui.container)).not.toContain(c.card(card, g.edition));
        expect(text(ui.container)).toContain(c.t("Pass the device to {name}", { name: "Bea" }));
        if (passes === 0) await act(() => void fireEvent.click(ui.container.querySelector("button[data-action='ready']")!));
        passes++;
      }
    }
    expect(passes).toBeGreaterThan(2);
    expect(switched).toEqual([1]); // the next person asked for their own seat's view
  });
});

describe("round and game end", () => {
  it("shows the showdown table and the game over dialog with the winners", async () => {
    useLang("en");
    const g = games[1];
    const { socket, ui } = setup(g, 0, [0]);
    for (const frame of g.frames["0"]) await act(() => socket.push(frame));
    const dialog = ui.container.querySelector("[role='dialog']");
    expect(dialog).not.toBeNull();
    expect(text(dialog!)).toContain("Game over");
    expect(ui.container.querySelector("button[data-action='rematch']")).not.toBeNull();
  });
});

describe("a round summary open on my turn", () => {
  it("says it is my turn (never 'Waiting for' me), and closing it shows the prompt", async () => {
    useLang("en");
    let seen = 0;
    for (const g of games) {
      const { session, socket, ui } = setup(g, 0, [0]);
      for (const frame of g.frames["0"]) {
        await act(() => socket.push(frame));
        const dialog = ui.container.querySelector("[role='dialog']");
        if (!dialog || !text(dialog).includes("Round over") || session.prompt.value?.seat !== 0) continue;
        seen++;
        expect(text(dialog)).toContain("Your turn: close this summary to play.");
        expect(ui.container.querySelector(".waiting-for")).toBeNull();
        expect(ui.container.querySelector(".prompt")).toBeNull();
        await closeDialogs(ui.container);
        expect(ui.container.querySelector(".prompt")).not.toBeNull();
      }
      cleanup();
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("what you know", () => {
  for (const lang of ["en", "zh"] as const) {
    it(`${lang}: the panel shows the server's knowledge of the seat and its unseen counts, frame after frame`, async () => {
      const c = useLang(lang);
      let facts = 0;
      for (const g of games) {
        const seat = Number(Object.keys(g.frames).find((k) => k !== "None"));
        const { socket, ui } = setup(g, seat, [seat]);
        for (const frame of g.frames[String(seat)]) {
          await act(() => socket.push(frame));
          const view = frame.view as WireView;
          const n = new Narrator(c, { seats: seatNames(g.seats, g.players), edition: g.edition, deck: view.cards });
          const known = frame.known as Message[];
          const lines = [...ui.container.querySelectorAll(".knowledge li")].map(text);
          expect(lines).toEqual(known.map((m) => n.render(m)));
          if (!known.length) expect(text(ui.container.querySelector(".knowledge")!)).toContain(c.t("nothing about the hidden cards yet"));
          facts += known.length;
          const unseen = frame.unseen as Record<string, number>;
          const shown = [...ui.container.querySelectorAll<HTMLElement>(".unseen .mini-count")].map((el) => el.dataset.card!);
          expect(shown.sort()).toEqual(Object.keys(unseen).sort());
          for (const [card, copies] of Object.entries(unseen)) {
            const el = ui.container.querySelector(`.unseen .mini-count[data-card='${card}']`)!;
            expect(text(el)).toBe(n.render({ id: "{card} ×{copies}", args: { card: { card }, copies: { number: copies } } }));
          }
        }
        cleanup();
      }
      expect(facts).toBeGreaterThan(10);
      expect(missing).toEqual([]);
    });
  }

  it("a spectator gets no knowledge panel: the table's unseen cards are counted from public facts", async () => {
    const c = useLang("en");
    const g = games[0];
    const { socket, ui } = setup(g, null, []);
    for (const frame of g.frames["None"]) {
      expect(frame.known).toBeNull();
      await act(() => socket.push(frame));
      expect(ui.container.querySelector(".knowledge")).toBeNull();
    }
    expect(text(ui.container)).toContain(c.t("Not yet seen by the table:"));
  });
});

describe("refusals are worded by the server", () => {
  // the server's `say` of each refusal and its text in every language, both made by Python (tests/web_golden.py)
  type Sample = { message: Message; text: Record<string, string> };
  const samples: Sample[] = JSON.parse(readFileSync(resolve(__dirname, "golden/narration.json"), "utf8")).cases.flatMap((c: { samples: Sample[] }) => c.samples);
  const say = (id: string, args?: Record<string, unknown>) => {
    const found = samples.find((s) => s.message.id === id && JSON.stringify(s.message.args ?? {}) === JSON.stringify(args ?? {}));
    if (!found) throw new Error(`no golden sample ${id}`);
    return found;
  };

  for (const lang of LANGS) {
    it(`${lang}: the chat panel and the reclaim banner show the refusal's say, with the server's limit`, async () => {
      const c = useLang(lang);
      const g = games[0];
      const { socket, ui } = setup(g, 0, [0]);
      await act(() => socket.push(g.frames["0"][0]));
      const refuse = (sent: Frame, code: string, params: Record<string, unknown>, s?: Sample) =>
        act(() => socket.push({ type: "refused", code, params, ...(s ? { say: s.message } : {}), cmd: sent.cmd, table: g.table }));

      // chat: each refusal of a line, in the server's words (the limit is the server's, not the client's 300)
      const input = ui.container.querySelector<HTMLInputElement>("input[name=chat]")!;
      const why = () => text(ui.container.querySelector(".chat .error")!);
      const send = async () => {
        if (!input.value) await act(() => void fireEvent.input(input, { target: { value: "hello" } }));
        await act(() => void fireEvent.submit(input.form!));
        const sent = socket.sent[socket.sent.length - 1];
        expect(sent.type).toBe("chat");
        return sent;
      };
      const chat: [string, Record<string, unknown>, Sample][] = [
        ["chat_too_long", { limit: 280, length: 301 }, say("A message has at most {limit} characters.", { limit: { number: 280 } })],
        ["chat_rate_limited", { lines: 5, seconds: 10 }, say("Too many messages at once: wait a few seconds.")],
        ["chat_empty", {}, say("Write something first.")],
        ["not_watching", {}, say("The message was not sent: the table is not open on this connection yet; try again in a moment.")],
      ];
      for (const [code, params, s] of chat) {
        await refuse(await send(), code, params, s);
        expect(why()).toBe(s.text[lang]);
        expect(input.value).toBe("hello"); // the refused line is back in the field
      }
      expect(why()).not.toBe(c.t("A message has at most {limit} characters.", { limit: 300 }));
      await refuse(await send(), "chat_new_code", {}); // a frame without say: the client's own words
      expect(why()).toBe(c.t("The message was not sent ({code}).", { code: "chat_new_code" }));

      // the reclaim banner: a bot took my seat over
      const seats = g.seats.map((seat: { seat: number }) => ({ ...(seat as object), takenOver: seat.seat === 0 }));
      await act(() => socket.push({ type: "presence", table: g.table, seats, status: "playing" }));
      const banner = () => ui.container.querySelector(".reclaim")!;
      const reclaim = async () => {
        await act(() => void fireEvent.click(banner().querySelector("button[data-action='reclaim']")!));
        const sent = socket.sent[socket.sent.length - 1];
        expect(sent.type).toBe("reclaim");
        return sent;
      };
      for (const [code, s] of [
        ["not_taken_over", say("Your seat is already yours again.")],
        ["unavailable", say("The server cannot store anything just now: try again in a moment.")],
      ] as const) {
        await refuse(await reclaim(), code, { seat: 0 }, s);
        expect(text(banner().querySelector(".error")!)).toBe(s.text[lang]);
      }
      await refuse(await reclaim(), "reclaim_new_code", { seat: 0 });
      expect(text(banner().querySelector(".error")!)).toBe(c.t("Your seat could not be taken back ({code}).", { code: "reclaim_new_code" }));
      expect(text(ui.container)).not.toMatch(/\{[a-z]+\}/);
      expect(missing).toEqual([]);
    });
  }
});
