// The replay viewer fed with the replay endpoint's answer for a recorded game (tests/web_frames.py: the
// server's replay_steps): every hand shown, and the game log up to the step, narrated for an all-seeing
// reader, the step's own lines marked and announced.
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/preact";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setOnMissing } from "../src/i18n/catalog";
import { type Message, Narrator } from "../src/i18n/render";
import { seatNames } from "../src/ui/board";
import { ReplayPage } from "../src/ui/replay";
import type { WireEvent, WireView } from "../src/game";
import { useLang } from "./helpers";

type Step = { version: number; view: WireView; events: WireEvent[] };
const replay = JSON.parse(readFileSync(resolve(__dirname, "golden/frames.json"), "utf8")).replay as {
  table: string; seats: never[]; steps: Step[];
};
let missing: string[] = [];

beforeEach(() => {
  missing = [];
  setOnMissing((lang, key) => missing.push(`${lang}: ${JSON.stringify(key)}`));
  const table = { id: replay.table, edition: "classic", players: 2, profile: "bga", options: {}, visibility: "private", timer: null, status: "finished", seats: replay.seats };
  vi.stubGlobal("fetch", async (url: string) => {
    const body = url.includes("/replay") ? { table: replay.table, version: replay.steps.length, steps: replay.steps } : table;
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnMissing(null);
});

const text = (el: Element) => el.textContent ?? "";

describe("the replay viewer", () => {
  for (const lang of ["en", "fr", "zh"] as const) {
    it(`${lang}: shows the log of every step so far, the step's own lines marked, and every hand`, async () => {
      const c = useLang(lang);
      const ui = render(<ReplayPage id={replay.table} />);
      await waitFor(() => expect(ui.container.querySelector(".replay")).not.toBeNull());
      const names = seatNames(replay.seats, 2);
      const told: WireEvent[] = [];
      for (let at = 0; at < replay.steps.length; at++) {
        const step = replay.steps[at];
        told.push(...step.events);
        const n = new Narrator(c, { seats: names, edition: "classic", deck: step.view.cards });
        const lines = [...ui.container.querySelectorAll(".log-lines li")];
        const want = told.filter((e) => e.say);
        expect(lines.map(text)).toEqual(want.map((e) => n.render(e.say as Message)));
        const marked = lines.filter((li) => li.classList.contains("current")).map((li) => Number((li as HTMLElement).dataset.seq));
        expect(marked).toEqual(step.events.filter((e) => e.say).map((e) => e.seq));
        expect(text(ui.container.querySelector(".step-say")!)).toBe(step.events.filter((e) => e.say).map((e) => n.render(e.say as Message)).join(" "));
        // every hand is shown in a replay
        for (const hand of step.view.hands ?? []) for (const card of hand) expect(text(ui.container.querySelector(".seats")!)).toContain(c.card(card, "classic"));
        if (at < replay.steps.length - 1) await act(() => void fireEvent.click(ui.container.querySelector("button[data-action='next']")!));
      }
      // an all-seeing log names the cards drawn and looked at
      expect(told.some((e) => e.kind === "draw" && e.card && e.say)).toBe(true);
      expect(missing).toEqual([]);
    });
  }

  it("steps back with the keyboard", async () => {
    useLang("en");
    const ui = render(<ReplayPage id={replay.table} />);
    await waitFor(() => expect(ui.container.querySelector(".replay")).not.toBeNull());
    const next = ui.container.querySelector<HTMLButtonElement>("button[data-action='next']")!;
    await act(() => void fireEvent.click(next));
    await act(() => void fireEvent.click(next));
    const count = ui.container.querySelectorAll(".log-lines li").length;
    await act(() => void fireEvent.keyDown(next, { key: "ArrowLeft" }));
    expect(ui.container.querySelectorAll(".log-lines li").length).toBeLessThan(count);
    expect(text(ui.container)).toContain("Step 2 of");
  });
});
