// The end of a round (who won and why, every hand shown at a showdown, the showdown table with values,
// bonuses and discard sums, the tokens) and of the game (winners, rematch, the record, the replay).
import { useEffect, useRef } from "preact/hooks";
import type { RoundOutcome, WireEvent } from "../game";
import { t } from "../i18n";
import type { Message, Narrator } from "../i18n/render";
import { MiniCard } from "./cards";

export function ShowdownTable(props: { outcome: RoundOutcome; names: string[]; n: Narrator; values: Record<string, number> }) {
  const { outcome, names, n } = props;
  const rows = Object.entries(outcome.showdown ?? {}).map(([s, r]) => [Number(s), r] as const);
  if (!rows.length) return null;
  return (
    <table class="showdown">
      <caption>{t("Showdown")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Player")}</th>
          <th scope="col">{t("Card")}</th>
          <th scope="col">{t("Value")}</th>
          <th scope="col">{t("Bonus")}</th>
          <th scope="col">{t("Discard sum")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([s, r]) => (
          <tr class={outcome.winners.includes(s) ? "winner" : ""} data-seat={s}>
            <th scope="row">
              {names[s]}
              {outcome.winners.includes(s) ? " ★" : ""}
            </th>
            <td>
              <MiniCard card={r.card} n={n} value={props.values[r.card] ?? r.value} />
            </td>
            <td>
              {r.adjusted}
              {r.excludedByPrincess ? ` (${t("cannot win against the Princess")})` : ""}
            </td>
            <td>{r.bonus ? `+${r.bonus}` : "–"}</td>
            <td>{r.discardSum}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TokensTable(props: { tokens: number[]; goal: number; names: string[] }) {
  return (
    <table class="tokens-table">
      <caption>{t("Tokens")}</caption>
      <tbody>
        {props.tokens.map((k, s) => (
          <tr>
            <th scope="row">{props.names[s]}</th>
            <td>
              {k} / {props.goal}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A dialog over the table; Escape or the button closes it; focus goes to it and back. */
export function Dialog(props: { title: string; onClose?: () => void; children: preact.ComponentChildren; closeLabel?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div class="overlay">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        ref={ref}
        onKeyDown={(e) => {
          if (e.key === "Escape" && props.onClose) props.onClose();
        }}
      >
        <h2>{props.title}</h2>
        {props.children}
        {props.onClose ? (
          <button type="button" class="primary" data-action="close-dialog" onClick={props.onClose}>
            {props.closeLabel ?? t("Continue")}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The narration of a round's end: the events from the round_end event on (round end, tokens, game end). */
export function RoundEndLines(props: { events: WireEvent[]; from: number; n: Narrator }) {
  const lines = props.events.filter((e) => e.seq >= props.from && e.say && ["round_end", "token", "game_end"].includes(e.kind));
  return (
    <ul class="round-lines">
      {lines.map((e) => (
        <li>{props.n.render(e.say as Message)}</li>
      ))}
    </ul>
  );
}
