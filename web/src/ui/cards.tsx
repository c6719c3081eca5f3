// Cards as readable tiles: value, name and (for a hand card) the effect, in the reader's language.
import type { Narrator } from "../i18n/render";

export function CardTile(props: { card: string; n: Narrator; value: number; effect?: boolean; selected?: boolean }) {
  const { card, n, value } = props;
  return (
    <span class={`card card-${card}${props.selected ? " selected" : ""}`} data-card={card}>
      <span class="card-value" aria-hidden="true">{value}</span>
      <span class="card-name">{n.card(card)}</span>
      {props.effect ? <span class="card-effect">{n.catalog.effect(card)}</span> : null}
    </span>
  );
}

/** A small card in a discard pile or a list: "3 Baron". */
export function MiniCard(props: { card: string; n: Narrator; value: number }) {
  return (
    <span class={`mini card-${props.card}`} data-card={props.card}>
      <b aria-hidden="true">{props.value}</b> {props.n.card(props.card)}
    </span>
  );
}

/** A face-down card (another player's hand). */
export function CardBack(props: { label: string }) {
  return <span class="card-back" role="img" aria-label={props.label} />;
}
