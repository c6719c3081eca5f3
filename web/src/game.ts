// The rules data the client needs, exported from the engine (python -m loveletter.i18n.export), and
// the wire types of docs/protocol.md.
import data from "./generated/game.json";
import type { Message } from "./i18n/render";

export type Pattern = "none" | "other" | "any" | "one_or_two_others" | "two_any";
export type DeckData = { values: Record<string, number>; counts: Record<string, number>; rules: string[]; guesses: number[] };
export type EditionData = { minPlayers: number; maxPlayers: number; goals: Record<string, number>; decks: Record<string, DeckData> };

export const GAME = data as unknown as {
  editions: Record<string, EditionData>;
  patterns: Record<string, Pattern>;
  guessing: string[];
  options: Record<string, (string | number | boolean)[] | null>;
  defaults: Record<string, string | number | boolean>;
  profiles: Record<string, Record<string, Record<string, unknown>>>;
  botLevels: string[];
};

export const EDITIONS = ["classic", "premium", "2019"] as const;

export function deckOf(edition: string, players: number): DeckData {
  const e = GAME.editions[edition];
  return e.decks[String(Math.min(Math.max(players, e.minPlayers), e.maxPlayers))];
}

/** The options of a profile for an edition and player count (defaults, then the profile). */
export function profileOptions(profile: string, edition: string, players: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...GAME.defaults, tokensToWin: GAME.editions[edition].goals[String(players)] };
  const prof = GAME.profiles[profile] ?? {};
  for (const scope of ["all", edition]) Object.assign(out, prof[scope] ?? {});
  const goal = out.tokensToWin;
  if (goal && typeof goal === "object") out.tokensToWin = (goal as Record<string, number>)[String(players)];
  return out;
}

// ------------------------------------------------------------------ wire (docs/protocol.md)
export type WireEvent = { seq: number; kind: string; say?: Message | null; [k: string]: unknown };
export type ShowdownRow = { card: string; value: number; bonus: number; adjusted: number; discardSum: number; excludedByPrincess: boolean };
export type RoundOutcome = {
  reason: string; winners: number[]; showdown: Record<string, ShowdownRow> | null; awards: Record<string, number>;
  nextFirstPlayer: number | null; tokens: number[];
};
export type Legal = { text: string; id: number };
export type WireView = {
  schema: number; view: "seat" | "spectator" | "full"; seat: number | null; edition: string; players: number; goal: number;
  options: Record<string, unknown>; round: number; phase: string; toMove: number | null; currentPlayer: number; turn: number;
  hand: string[]; handSizes: number[]; discards: string[][]; faceUp: string[]; alive: boolean[]; protected: boolean[];
  eliminated: number[]; tokens: number[]; deckSize: number; setAsideTaken: boolean; mandate: number | null;
  jester: { holder: number; owner: number } | null; spies: number[];
  pending: { kind: "chancellor"; seat: number; count: number } | { kind: "bishop"; seat: number; bishop: number } |
    { kind: "cardinal"; seat: number; pair: number[] } | null;
  legal: Legal[]; log: WireEvent[];
  outcome: { round: RoundOutcome | null; game: { winners: number[]; reason: string; tokens: number[] } | null };
  cards: { values: Record<string, number>; counts: Record<string, number>; guesses: number[] };
  hands?: string[][]; drawPile?: string[]; setAside?: string | null;
};
export type Prompt = { seat: number; version: number; legal: Legal[]; deadline: number | null };
export type SeatInfo = { seat: number; kind: "human" | "bot" | "open"; name: string | null; level?: string | null;
  connected?: boolean; takenOver?: boolean; you?: boolean };
export type TableSummary = {
  id: string; edition: string; players: number; profile: string; options: Record<string, unknown>; visibility: string;
  timer: { enabled: boolean; seconds: number } | null; status: "waiting" | "playing" | "finished"; seats: SeatInfo[];
  createdAt?: number | string; invite?: string;
};

// ------------------------------------------------------------------ decisions (text forms of the engine)
export type Decision =
  | { kind: "play"; card: string; targets: number[]; guess: number | null; text: string }
  | { kind: "chancellor"; keep: string; bottom: string[]; text: string }
  | { kind: "bishop"; discard: boolean; text: string }
  | { kind: "look"; seat: number | null; text: string };

/** The inverse of the engine's Decision.text(). */
export function parseDecision(text: string): Decision {
  if (text === "bishop:discard" || text === "bishop:keep") return { kind: "bishop", discard: text === "bishop:discard", text };
  if (text === "look:none") return { kind: "look", seat: null, text };
  if (text.startsWith("look@")) return { kind: "look", seat: Number(text.slice(5)), text };
  if (text.startsWith("keep:")) {
    const [keep, bottom] = text.slice(5).split("/bottom:");
    return { kind: "chancellor", keep, bottom: bottom ? bottom.split(",").filter(Boolean) : [], text };
  }
  let rest = text;
  let guess: number | null = null;
  if (rest.includes("=")) {
    const [a, g] = rest.split("=");
    rest = a;
    guess = Number(g);
  }
  let targets: number[] = [];
  if (rest.includes("@")) {
    const [a, ts] = rest.split("@");
    rest = a;
    targets = ts.split(",").map(Number).sort((x, y) => x - y);
  }
  return { kind: "play", card: rest, targets, guess, text };
}
