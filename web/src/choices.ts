// What a prompt offers, from the legal decisions alone: the cards, then the targets, then the value to
// name; the Chancellor's keep and bottom order; the Bishop target's choice; the Cardinal's look. A
// choice that is not legal comes with the engine's reason, as a loveletter.narrate message (the same
// message ids as loveletter/narrate/refusals.py, so the catalogs word it).
import { type Decision, GAME, parseDecision, type WireView } from "./game";
import type { Message } from "./i18n/render";

export type PlayDecision = Extract<Decision, { kind: "play" }>;

export type CardOption = { card: string; value: number; ok: boolean; reason: Message | null; plays: PlayDecision[] };
export type SeatOption = { seat: number; ok: boolean; reason: Message | null };

export function decisions(legal: { text: string }[]): Decision[] {
  return legal.map((d) => parseDecision(d.text));
}

export function plays(legal: { text: string }[]): PlayDecision[] {
  return decisions(legal).filter((d): d is PlayDecision => d.kind === "play");
}

/** Every distinct card of the hand, with whether it may be played and why not. */
export function cardOptions(view: WireView, legal: { text: string }[]): CardOption[] {
  const all = plays(legal);
  const seen = new Set<string>();
  const out: CardOption[] = [];
  for (const card of view.hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    const mine = all.filter((p) => p.card === card);
    let reason: Message | null = null;
    if (!mine.length) {
      reason =
        view.hand.includes("countess") && (card === "king" || card === "prince")
          ? { id: "You must play {countess}: she is in your hand with {card}.", args: { countess: { card: "countess" }, card: { card } } }
          : { id: "That choice is not allowed now." };
    }
    out.push({ card, value: view.cards.values[card], ok: mine.length > 0, reason, plays: mine });
  }
  return out;
}

export function pattern(card: string): string {
  return GAME.patterns[card] ?? "none";
}

/** Why a seat cannot be chosen by this card now (the engine's checks, in its order). */
export function targetReason(view: WireView, card: string, seat: number): Message {
  const me = view.seat;
  if (!view.alive[seat]) {
    return { id: "{player} is out of the round and cannot be chosen.", args: { player: { seat } } };
  }
  const p = pattern(card);
  if (seat === me && (p === "other" || p === "one_or_two_others")) {
    return { id: "You cannot choose yourself with {card}.", args: { card: { card } } };
  }
  if (view.protected[seat] && seat !== me) {
    return { id: "{player} is protected by the Handmaid until their next turn.", args: { player: { seat } } };
  }
  if (view.mandate !== null && view.mandate !== seat) {
    return view.mandate === me
      ? { id: "Sycophant mandate: {card} must choose you.", args: { card: { card } } }
      : { id: "Sycophant mandate: {card} must choose {player}.", args: { card: { card }, player: { seat: view.mandate } } };
  }
  return { id: "That choice is not allowed now." };
}

/** The seats offered as the first (or only) target of a card's plays. */
export function targetOptions(view: WireView, card: string, mine: PlayDecision[], first: number | null = null): SeatOption[] {
  const out: SeatOption[] = [];
  for (let seat = 0; seat < view.players; seat++) {
    if (first !== null && seat === first) continue;
    const ok =
      first === null
        ? mine.some((p) => p.targets.includes(seat))
        : mine.some((p) => p.targets.length === 2 && p.targets.includes(first) && p.targets.includes(seat));
    out.push({ seat, ok, reason: ok ? null : targetReason(view, card, seat) });
  }
  return out;
}

/** Values that may be named once the targets are chosen. */
export function guessOptions(mine: PlayDecision[], targets: number[]): number[] {
  const key = targets.join(",");
  return [...new Set(mine.filter((p) => p.targets.join(",") === key && p.guess !== null).map((p) => p.guess as number))].sort((a, b) => a - b);
}

/** The play chosen so far, once complete (null while something is still to choose). */
export function findPlay(mine: PlayDecision[], targets: number[], guess: number | null): PlayDecision | null {
  const key = targets.join(",");
  return mine.find((p) => p.targets.join(",") === key && p.guess === guess) ?? null;
}

export type Warning = "princess" | "noEffect";

/** A play that knocks its own player out, or that can do nothing: the client asks first. */
export function warning(view: WireView, d: PlayDecision): Warning | null {
  if (d.card === "princess") return "princess";
  const other = view.hand.slice();
  other.splice(other.indexOf(d.card), 1);
  if (d.card === "prince" && d.targets.length === 1 && d.targets[0] === view.seat && other.includes("princess")) return "princess";
  if (pattern(d.card) !== "none" && d.targets.length === 0) return "noEffect";
  return null;
}
