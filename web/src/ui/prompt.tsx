// The decision panel: only legal choices, step by step (card, targets, value), with the reason a
// choice is not available, and a confirmation before a play that knocks its own player out or does
// nothing. Every control is a button: Tab and Enter/Space play the whole game.
import { useEffect, useRef, useState } from "preact/hooks";
import {
  cardOptions,
  decisions,
  findPlay,
  guessOptions,
  pattern,
  type PlayDecision,
  targetOptions,
  warning,
} from "../choices";
import type { Decision, WireView } from "../game";
import { t } from "../i18n";
import type { Message, Narrator } from "../i18n/render";
import { CardTile } from "./cards";

type Props = {
  view: WireView;
  legal: { text: string; id: number }[];
  n: Narrator;
  names: string[];
  busy: boolean;
  onDecide: (text: string) => void;
};

function Choice(props: { label: string; ok?: boolean; reason?: Message | null; n: Narrator; onPick: () => void; id?: string; children?: preact.ComponentChildren }) {
  const [why, setWhy] = useState(false);
  const ok = props.ok !== false;
  return (
    <span class="choice-wrap">
      <button
        type="button"
        class={`choice${ok ? "" : " unavailable"}`}
        aria-disabled={ok ? undefined : "true"}
        data-choice={props.id}
        onClick={() => (ok ? props.onPick() : setWhy(true))}
      >
        {props.children ?? props.label}
      </button>
      {!ok && why && props.reason ? (
        <span class="why" role="status">
          {props.n.render(props.reason)}
        </span>
      ) : null}
    </span>
  );
}

export function PromptPanel(props: Props) {
  const { view, legal, n, busy } = props;
  const all = decisions(legal);
  const key = legal.map((d) => d.text).join("|");
  // What is chosen so far, for this prompt only (a new prompt starts afresh at its first render).
  type Sel = { key: string; card: string | null; targets: number[] | null; first: number | null; keep: string | null; confirm: PlayDecision | null };
  const fresh: Sel = { key, card: null, targets: null, first: null, keep: null, confirm: null };
  const [stored, setSel] = useState<Sel>(fresh);
  const sel = stored.key === key ? stored : fresh;
  const { card, targets, first, keep, confirm } = sel;
  const update = (patch: Partial<Sel>) => setSel({ ...sel, ...patch });
  const setCard = (v: string | null) => update({ card: v });
  const setTargets = (v: number[] | null) => update({ targets: v });
  const setFirst = (v: number | null) => update({ first: v });
  const setKeep = (v: string | null) => update({ keep: v });
  const setConfirm = (v: PlayDecision | null) => update({ confirm: v });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [key, card, targets, first, keep, confirm]);

  const decide = (d: Decision) => {
    if (d.kind === "play") {
      const w = warning(view, d);
      if (w && !confirm) {
        setConfirm(d);
        return;
      }
    }
    props.onDecide(d.text);
  };
  const back = (
    <button
      type="button"
      class="back"
      onClick={() => setSel(fresh)}
    >
      {t("Back")}
    </button>
  );
  const name = (s: number) => (s === view.seat ? t("yourself") : props.names[s]);
  const wrap = (title: string, body: preact.ComponentChildren, withBack = false) => (
    <section class="prompt" aria-label={t("Your decision")} aria-busy={busy ? "true" : undefined}>
      <h2 tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <div class="choices">{body}</div>
      {withBack ? back : null}
      {busy ? <p class="muted">{t("Sending…")}</p> : null}
    </section>
  );

  if (confirm) {
    const w = warning(view, confirm);
    const text =
      w === "princess"
        ? t("This play knocks you out of the round: the Princess would be discarded. Play it anyway?")
        : t("No player can be chosen: this card will have no effect. Play it anyway?");
    return wrap(
      text,
      <>
        <button type="button" class="choice danger" data-choice="confirm" onClick={() => props.onDecide(confirm.text)}>
          {t("Yes, play it")}
        </button>
        <button type="button" class="choice" data-choice="cancel" onClick={() => setConfirm(null)}>
          {t("No, choose again")}
        </button>
      </>,
    );
  }

  const kind = all[0]?.kind;
  if (kind === "chancellor") {
    const ch = all.filter((d): d is Extract<Decision, { kind: "chancellor" }> => d.kind === "chancellor");
    if (!keep) {
      const cards = [...new Set(ch.map((d) => d.keep))];
      return wrap(
        t("Chancellor: which card do you keep?"),
        cards.map((c) => (
          <Choice key={c} n={n} label={n.card(c)} id={`keep:${c}`} onPick={() => {
            const mine = ch.filter((d) => d.keep === c);
            if (new Set(mine.map((d) => d.bottom.join(","))).size === 1) decide(mine[0]);
            else setKeep(c);
          }}>
            <CardTile card={c} n={n} value={view.cards.values[c]} />
          </Choice>
        )),
      );
    }
    const mine = ch.filter((d) => d.keep === keep);
    return wrap(
      t("Which card goes to the very bottom of the deck?"),
      [...new Set(mine.map((d) => d.bottom[d.bottom.length - 1]))].map((c) => (
        <Choice key={c} n={n} label={n.card(c)} id={`bottom:${c}`} onPick={() => decide(mine.find((d) => d.bottom[d.bottom.length - 1] === c)!)}>
          <CardTile card={c} n={n} value={view.cards.values[c]} />
        </Choice>
      )),
      true,
    );
  }
  if (kind === "bishop") {
    const holder = view.pending && view.pending.kind === "bishop" ? view.pending.bishop : null;
    return wrap(
      holder === null ? t("Keep it or discard it?") : t("{name}'s Bishop named the value of your card. Keep it or discard it?", { name: props.names[holder] }),
      <>
        <Choice n={n} label={t("keep your card")} id="bishop:keep" onPick={() => decide(all.find((d) => d.text === "bishop:keep")!)} />
        <Choice n={n} label={t("discard it and draw another card")} id="bishop:discard" onPick={() => decide(all.find((d) => d.text === "bishop:discard")!)} />
      </>,
    );
  }
  if (kind === "look") {
    return wrap(
      t("Cardinal: whose hand do you look at?"),
      all.map((d) =>
        d.kind === "look" ? (
          <Choice key={d.text} n={n} id={d.text} label={d.seat === null ? t("nobody") : name(d.seat)} onPick={() => decide(d)} />
        ) : null,
      ),
    );
  }

  // A card to play.
  const options = cardOptions(view, legal);
  if (!card) {
    return wrap(
      t("Choose a card to play:"),
      options.map((o) => (
        <Choice key={o.card} n={n} label={n.card(o.card)} ok={o.ok} reason={o.reason} id={`card:${o.card}`} onPick={() => {
          const mine = o.plays;
          if (mine.length === 1 && (mine[0].targets.length === 0 || pattern(o.card) === "none")) decide(mine[0]);
          else if (mine.every((p) => p.targets.length === 0)) decide(mine[0]);
          else setCard(o.card);
        }}>
          <CardTile card={o.card} n={n} value={o.value} effect />
        </Choice>
      )),
    );
  }
  const chosen = options.find((o) => o.card === card);
  if (!chosen) return null;
  const mine = chosen.plays;
  const pat = pattern(card);
  if (targets === null) {
    const noTarget = mine.find((p) => p.targets.length === 0);
    if (pat === "one_or_two_others" || pat === "two_any") {
      if (first === null) {
        return wrap(
          pat === "two_any" ? t("Choose the first player:") : t("Choose a player:"),
          <>
            {targetOptions(view, card, mine).map((o) => (
              <Choice key={o.seat} n={n} label={name(o.seat)} ok={o.ok} reason={o.reason} id={`seat:${o.seat}`} onPick={() => setFirst(o.seat)} />
            ))}
            {noTarget ? <Choice n={n} label={t("nobody (no effect)")} id="seat:none" onPick={() => decide(noTarget)} /> : null}
          </>,
          true,
        );
      }
      const single = mine.find((p) => p.targets.length === 1 && p.targets[0] === first);
      return wrap(
        pat === "two_any" ? t("Choose the second player:") : t("Choose a second player, or nobody else:"),
        <>
          {targetOptions(view, card, mine, first).map((o) => (
            <Choice key={o.seat} n={n} label={name(o.seat)} ok={o.ok} reason={o.reason} id={`seat:${o.seat}`} onPick={() => decide(findPlay(mine, [first, o.seat].sort((a, b) => a - b), null)!)} />
          ))}
          {single ? <Choice n={n} label={t("nobody else")} id="seat:none" onPick={() => decide(single)} /> : null}
        </>,
        true,
      );
    }
    const seats = targetOptions(view, card, mine);
    return wrap(
      t("Choose a player:"),
      <>
        {seats.map((o) => (
          <Choice key={o.seat} n={n} label={name(o.seat)} ok={o.ok} reason={o.reason} id={`seat:${o.seat}`} onPick={() => {
            const values = guessOptions(mine, [o.seat]);
            if (values.length) setTargets([o.seat]);
            else decide(findPlay(mine, [o.seat], null)!);
          }} />
        ))}
        {noTarget ? <Choice n={n} label={t("nobody (no effect)")} id="seat:none" onPick={() => decide(noTarget)} /> : null}
      </>,
      true,
    );
  }
  const values = guessOptions(mine, targets);
  return wrap(
    t("Name a value:"),
    values.map((v) => (
      <Choice key={v} n={n} label={n.value(v)} id={`guess:${v}`} onPick={() => decide(findPlay(mine, targets, v)!)} />
    )),
    true,
  );
}
