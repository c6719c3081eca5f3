// The lobby's "Your games": my rating and my last finished games (GET /api/me/history), each with a link
// to its replay, in every language without a missing string.
import { cleanup, render, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HistoryItem } from "../src/api";
import { setOnMissing } from "../src/i18n/catalog";
import { me } from "../src/state";
import { MyGames } from "../src/ui/lobby";
import { useLang } from "./helpers";

const games: HistoryItem[] = [
  { table: "t1", edition: "classic", players: 2, seat: 0, seats: ["Ada", "Bob"], finishedAt: Date.UTC(2026, 10, 30), tokens: 7, won: true, rating: { mu: 27, sigma: 7, ordinal: 6 } },
  { table: "t2", edition: "2019", players: 4, seat: 1, seats: [null, "Ada", "Cy", null], finishedAt: Date.UTC(2026, 10, 29), tokens: 1, won: false, rating: null },
];
let missing: string[] = [];
let asked: string[] = [];

function serve(body: unknown) {
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
}

beforeEach(() => {
  missing = [];
  asked = [];
  setOnMissing((lang, key) => missing.push(`${lang}: ${JSON.stringify(key)}`));
  me.value = { id: "i1", name: "Ada", rating: { mu: 27.4, sigma: 7.1, ordinal: 6.1 }, games: 2 };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnMissing(null);
  me.value = null;
});

describe("your games", () => {
  for (const lang of ["en", "es", "fr", "nl", "zh"] as const) {
    it(`${lang}: rating, every finished game with its result and a replay link`, async () => {
      const c = useLang(lang);
      serve(games);
      const ui = render(<MyGames />);
      await waitFor(() => expect(ui.container.querySelectorAll(".history li").length).toBe(2));
      expect(asked.some((u) => u.includes("/api/me/history"))).toBe(true);
      const rows = [...ui.container.querySelectorAll(".history li")];
      expect(rows[0].textContent).toContain(c.t("Won"));
      expect(rows[1].textContent).toContain(c.t("Lost"));
      expect(rows[1].textContent).toContain(c.edition("2019"));
      expect(rows[0].textContent).toContain("Bob");
      expect(rows[1].textContent).toContain("Cy");
      expect([...ui.container.querySelectorAll(".history a")].map((a) => a.getAttribute("href"))).toEqual(["/t/t1/replay", "/t/t2/replay"]);
      expect(ui.container.querySelector(".rating")!.textContent).toContain("27");
      expect(missing).toEqual([]);
    });
  }

  it("says so when there is no finished game, and shows nothing without a name", async () => {
    useLang("en");
    serve([]);
    const ui = render(<MyGames />);
    await waitFor(() => expect(ui.container.textContent).toContain("No finished game yet."));
    cleanup();
    me.value = null;
    const none = render(<MyGames />);
    expect(none.container.querySelector(".mine")).toBeNull();
  });
});
