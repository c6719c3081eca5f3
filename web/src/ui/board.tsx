// The table as one reader sees it, from the wire view alone: every seat (tokens, status, hand size,
// discard pile in order), the deck, the face-up cards, the set-aside card's place, the unseen-card
// counter and what the reader knows now (both from the server's knowledge of the reader's own view),
// the game log and the card reference.
import { useEffect, useRef } from "preact/hooks";
import type { SeatInfo, WireEvent, WireView } from "../game";
import { nt, t } from "../i18n";
import type { Message, Narrator } from "../i18n/render";
import { CardBack, CardTile, MiniCard } from "./cards";
import { botLevel } from "./labels";

export function seatNames(seats: SeatInfo[], players: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < players; s++) {
    const info = seats.find((x) => x.seat === s);
    // bots get our own (translated) name, whatever the server calls them
    out.push(info?.kind === "bot" ? t("Bot {n}", { n: s }) : info?.name || t("Seat {n}", { n: s + 1 }));
  }
  // pass-and-play seats carry their creator's name: tell them apart by seat
  return out.map((name, s) => (out.filter((x) => x === name).length > 1 ? t("{name} (seat {n})", { name, n: s + 1 }) : name));
}

function tokens(have: number, goal: number) {
  return (
    <span class="tokens" aria-label={nt("{count} token", "{count} tokens", have)}>
      {"●".repeat(have)}
      <span class="muted">{"○".repeat(Math.max(0, goal - have))}</span>
    </span>
  );
}

/** Card counts by value, then id; cards with no copy left out. */
function byValue(view: WireView, counts: Record<string, number>): [string, number][] {
  return Object.entries(counts)
    .filter(([, k]) => k > 0)
    .sort((a, b) => view.cards.values[a[0]] - view.cards.values[b[0]] || (a[0] < b[0] ? -1 : 1));
}

/** Copies not face up, in a discard pile or in a hand the view shows: what the whole table has not seen
 * (a spectator), or every card still hidden (a replay, which shows every hand). */
export function unseenCounts(view: WireView): [string, number][] {
  const left: Record<string, number> = { ...view.cards.counts };
  for (const c of [...view.hand, ...view.faceUp, ...view.discards.flat()]) left[c] = (left[c] ?? 0) - 1;
  if (view.hands) for (const h of view.hands) for (const c of h) left[c]--;
  return byValue(view, left);
}

export function Seats(props: { view: WireView; n: Narrator; names: string[]; seats: SeatInfo[]; showHands?: boolean }) {
  const { view, n, names } = props;
  const order = [...Array(view.players).keys()];
  return (
    <ul class="seats" aria-label={t("Players")}>
      {order.map((s) => {
        const info = props.seats.find((x) => x.seat === s);
        const me = s === view.seat;
        const toMove = view.toMove === s;
        const out = !view.alive[s];
        const status = [
          toMove ? <span class="badge move">{t("to move")}</span> : null,
          out ? <span class="badge out">{t("out")}</span> : null,
          view.protected[s] && !out ? <span class="badge protected">{t("protected")}</span> : null,
          view.jester?.holder === s ? <span class="badge">{t("Jester token")}</span> : null,
          view.mandate === s ? <span class="badge">{t("mandated")}</span> : null,
          info?.takenOver ? <span class="badge">{t("a bot plays for them")}</span> : null,
          info && info.kind === "human" && info.connected === false ? <span class="badge">{t("offline")}</span> : null,
        ];
        const hand = props.showHands && view.hands ? view.hands[s] : null;
        return (
          <li class={`seat${me ? " me" : ""}${toMove ? " to-move" : ""}${out ? " is-out" : ""}`} data-seat={s} aria-current={toMove ? "true" : undefined}>
            <div class="seat-head">
              <span class="seat-name">
                {names[s]}
                {me ? <span class="muted"> ({t("you")})</span> : null}
                {info?.kind === "bot" ? <span class="muted"> · {info.level ? botLevel(info.level) : t("bot")}</span> : null}
              </span>
              {tokens(view.tokens[s], view.goal)}
            </div>
            <div class="seat-status">{status}</div>
            <div class="seat-hand">
              {hand
                ? hand.map((c) => <MiniCard card={c} n={n} value={view.cards.values[c]} />)
                : me
                  ? null
                  : [...Array(view.handSizes[s]).keys()].map(() => <CardBack label={t("a card in hand")} />)}
            </div>
            <div class="pile" aria-label={t("Discard pile of {name}", { name: names[s] })}>
              {view.discards[s].length ? (
                view.discards[s].map((c) => <MiniCard card={c} n={n} value={view.cards.values[c]} />)
              ) : (
                <span class="muted">{t("no discards yet")}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The middle of the table. ``unseen``: the server's count of the copies the reader has not seen (a
 * seat's knowledge: a card seen with the Priest or given away in a trade counts as seen). */
export function Center(props: { view: WireView; n: Narrator; unseen?: Record<string, number> | null }) {
  const { view, n } = props;
  const unseen = view.seat !== null && props.unseen ? byValue(view, props.unseen) : unseenCounts(view);
  return (
    <section class="center" aria-label={t("The table")}>
      <p class="deck">
        <span class="deck-pile" aria-hidden="true">{view.deckSize}</span>
        {nt("{count} card left in the deck", "{count} cards left in the deck", view.deckSize)}
      </p>
      <p>
        {view.setAsideTaken ? t("The set-aside card has been taken.") : t("One card is set aside face down; nobody knows it.")}
      </p>
      {view.setAside ? (
        <p>
          {t("Set aside:")} <MiniCard card={view.setAside} n={n} value={view.cards.values[view.setAside]} />
        </p>
      ) : null}
      {view.faceUp.length ? (
        <p>
          {t("Face up, out of this round:")} {view.faceUp.map((c) => <MiniCard card={c} n={n} value={view.cards.values[c]} />)}
        </p>
      ) : null}
      <p class="unseen">
        {view.seat === null ? t("Not yet seen by the table:") : t("Not yet seen by you:")}{" "}
        {unseen.map(([c, k]) => (
          <span class="mini-count" data-card={c}>
            {n.render({ id: "{card} ×{copies}", args: { card: { card: c }, copies: { number: k } } })}
          </span>
        ))}
      </p>
      <p class="muted">{nt("Goal: {count} token.", "Goal: {count} tokens.", view.goal)}</p>
    </section>
  );
}

export function Hand(props: { view: WireView; n: Narrator }) {
  const { view, n } = props;
  if (view.seat === null) return null;
  return (
    <section class="hand" aria-label={t("Your hand")}>
      <h2>{t("Your hand")}</h2>
      {view.hand.length ? (
        <div class="hand-cards">
          {view.hand.map((c) => (
            <CardTile card={c} n={n} value={view.cards.values[c]} effect />
          ))}
        </div>
      ) : (
        <p>{t("You hold no card: you are out of the round.")}</p>
      )}
    </section>
  );
}

/** What the reader knows now about the hidden cards: the server's narration of the engine's knowledge of
 * the reader's own view (who surely holds which card, the values a card cannot have, who knows my card,
 * the cards under the deck). */
export function Knowledge(props: { view: WireView; known: Message[] | null; n: Narrator }) {
  const { view, known, n } = props;
  if (view.seat === null || known === null) return null;
  return (
    <section class="knowledge" aria-label={t("What you know:")}>
      <h2>{t("What you know:")}</h2>
      {known.length ? (
        <ul>
          {known.map((m) => (
            <li>{n.render(m)}</li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t("nothing about the hidden cards yet")}</p>
      )}
    </section>
  );
}

/** The game log: every narrated event in order (``current``: the seqs to mark, a replay's current step). */
export function GameLog(props: { events: WireEvent[]; n: Narrator; title?: string; current?: Set<number> }) {
  const box = useRef<HTMLOListElement>(null);
  const lines = props.events.filter((e) => e.say);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const last = lines[lines.length - 1];
  return (
    <section class="log" aria-label={t("Game log")}>
      <h2>{props.title ?? t("Game log")}</h2>
      <ol ref={box} class="log-lines">
        {lines.map((e) => (
          <li class={`ev ev-${e.kind}${props.current?.has(e.seq) ? " current" : ""}`} data-seq={e.seq}>
            {props.n.render(e.say as Message)}
          </li>
        ))}
      </ol>
      <p class="sr-only" aria-live="polite">
        {last ? props.n.render(last.say as Message) : ""}
      </p>
    </section>
  );
}

/** Value, name, copies and effect of every card of the deck. */
export function Reference(props: { edition: string; players: number; deck: { values: Record<string, number>; counts: Record<string, number> }; n: Narrator }) {
  const { deck, n } = props;
  const cards = Object.keys(deck.counts).sort((a, b) => deck.values[a] - deck.values[b] || (a < b ? -1 : 1));
  return (
    <section class="reference" aria-label={t("Card reference")}>
      <h2>
        {n.render({
          id: "Card reference: {edition}, {count} player",
          plural: "Card reference: {edition}, {count} players",
          count: props.players,
          args: { edition: { message: { id: props.edition, context: "edition" } } },
        })}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("Value")}</th>
            <th scope="col">{t("Card")}</th>
            <th scope="col">{t("Copies")}</th>
            <th scope="col">{t("Effect")}</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((c) => (
            <tr data-card={c}>
              <td>{deck.values[c]}</td>
              <th scope="row">{n.card(c)}</th>
              <td>{deck.counts[c]}</td>
              <td>{n.catalog.effect(c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
