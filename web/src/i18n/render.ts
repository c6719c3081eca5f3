// loveletter.narrate's Message (JSON form) worded in one language: the TypeScript twin of
// loveletter/narrate/render.py. The golden file web/test/golden/narration.json (rendered by Python)
// proves the two render the same text in every language.
import type { Catalog } from "./catalog";
import { fill, joinSentences } from "./typography";

export type ListStyle = "and" | "or" | "plain" | "dots";

export type Arg =
  | { seat: number }
  | { card: string }
  | { value: number }
  | { number: number }
  | { text: string }
  | { items: Arg[]; style?: ListStyle }
  | { message: Message };

export type Message = {
  id: string;
  context?: string;
  plural?: string;
  count?: number;
  args?: Record<string, Arg>;
  then?: Message[];
};

/** A deck as a wire view gives it (cards.values, cards.counts): values in the deck's order. */
export type Deck = { values: Record<string, number>; counts: Record<string, number> };

/** What a message needs beyond the language: seat names, the edition and its deck for this table. */
export type Names = { seats: string[]; edition: string; deck: Deck };

/** Shown for an empty list. */
export const EMPTY = "–";

// Spanish: "y" becomes "e" before an /i/ sound (not "hie-"), "o" becomes "u" before an /o/ sound.
const ES_E = /^h?i(?![aeou])/i;
const ES_U = /^(h?o|8|11(?!\d))/i;

function spanish(pattern: string, following: string): string {
  if (ES_E.test(following)) return pattern.replace(" y ", " e ");
  if (ES_U.test(following)) return pattern.replace(" o ", " u ");
  return pattern;
}

/** Items joined as a list in the catalog's language (CLDR list patterns). */
export function join(catalog: Catalog, items: string[], style: ListStyle = "and"): string {
  const lang = catalog.lang;
  if (items.length === 0) return EMPTY;
  if (items.length === 1) return items[0];
  if (style === "dots") return items.join(" · ");
  if (style === "plain") return items.join(lang === "zh" ? "、" : ", ");
  const patterns = catalog.data.lists[style];
  const pattern = (key: keyof typeof patterns, following: string) =>
    lang === "es" ? spanish(patterns[key], following) : patterns[key];
  const n = items.length;
  if (n === 2) return fill(lang, pattern("2", items[1]), { a: items[0], b: items[1] });
  let out = fill(lang, pattern("end", items[n - 1]), { a: items[n - 2], b: items[n - 1] });
  for (let i = n - 3; i >= 0; i--) out = fill(lang, pattern(i === 0 ? "start" : "middle", out), { a: items[i], b: out });
  return out;
}

export class Narrator {
  constructor(
    readonly catalog: Catalog,
    readonly names: Names,
  ) {}

  get lang(): string {
    return this.catalog.lang;
  }

  /** The message and the sentences after it. */
  render(message: Message): string {
    const c = this.catalog;
    const template = c.template(message.id, message.context, message.plural, message.count);
    const fields: Record<string, string> = {};
    for (const [name, arg] of Object.entries(message.args ?? {})) fields[name] = this.arg(arg);
    if (message.count !== undefined && message.count !== null) fields.count = c.number(message.count);
    const text = Object.keys(fields).length ? fill(this.lang, template, fields) : template;
    if (!message.then || message.then.length === 0) return text;
    return joinSentences(this.lang, [text, ...message.then.map((m) => this.render(m))]);
  }

  arg(arg: Arg): string {
    if ("seat" in arg) return this.seat(arg.seat);
    if ("card" in arg) return this.card(arg.card);
    if ("value" in arg) return this.value(arg.value);
    if ("number" in arg) return this.catalog.number(arg.number);
    if ("text" in arg) return arg.text;
    if ("items" in arg) return join(this.catalog, arg.items.map((a) => this.arg(a)), arg.style ?? "and");
    if ("message" in arg) return this.render(arg.message);
    throw new Error(`not a message argument: ${JSON.stringify(arg)}`);
  }

  seat(seat: number): string {
    return this.names.seats[seat] ?? `#${seat}`;
  }

  card(card: string): string {
    return this.catalog.card(card, this.names.edition);
  }

  cards(cards: string[], style: ListStyle = "plain"): string {
    return join(this.catalog, cards.map((c) => this.card(c)), style);
  }

  /** The ids of this deck's cards that have the value. */
  valueCards(value: number): string[] {
    const { values, counts } = this.names.deck;
    return Object.keys(values).filter((c) => values[c] === value && counts[c]);
  }

  /** "5 (Prince Arnaud)": a named value and the cards that have it. */
  value(value: number): string {
    const cards = this.valueCards(value);
    if (cards.length === 0) return this.catalog.number(value);
    return this.render({
      id: "{value} ({cards})",
      context: "value",
      args: { value: { number: value }, cards: { items: cards.map((card) => ({ card })), style: "or" } },
    });
  }
}
