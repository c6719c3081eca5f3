// A language's exported gettext catalog (python -m loveletter.i18n.export): message lookup with
// contexts and plural forms, number formatting, and the t() family for interface text.
import { compilePlural } from "./plural";
import { fill } from "./typography";

export const LANGS = ["en", "es", "fr", "nl", "zh"] as const;
export type Lang = (typeof LANGS)[number];

export type ListPatterns = { start: string; middle: string; end: string; "2": string };

export type CatalogData = {
  lang: string;
  nplurals: number;
  plural: string;
  lists: { and: ListPatterns; or: ListPatterns };
  number: { group: string; minus: string };
  messages: Record<string, string | string[]>;
};

const SEP = "\u0004";

/** Called with (lang, key) when a message is missing (tests make it throw). */
export let onMissing: ((lang: string, key: string) => void) | null = null;
export function setOnMissing(f: ((lang: string, key: string) => void) | null): void {
  onMissing = f;
}

export class Catalog {
  readonly lang: Lang;
  readonly data: CatalogData;
  private readonly pluralIndex: (n: number) => number;

  constructor(data: CatalogData) {
    this.lang = data.lang as Lang;
    this.data = data;
    this.pluralIndex = compilePlural(data.plural);
  }

  has(msgid: string, context?: string | null): boolean {
    return (context ? `${context}${SEP}${msgid}` : msgid) in this.data.messages;
  }

  /** The translated text of a message, its fields not filled in (the plural form chosen by n). */
  template(msgid: string, context?: string | null, plural?: string | null, n?: number | null): string {
    const key = context ? `${context}${SEP}${msgid}` : msgid;
    const found = this.data.messages[key];
    const count = n ?? 1;
    if (found === undefined) {
      onMissing?.(this.lang, key);
      return plural && count !== 1 ? plural : msgid; // gettext's fallback: the English text
    }
    if (Array.isArray(found)) {
      const text = found[plural ? this.pluralIndex(count) : 0];
      return text ?? found[0];
    }
    return found;
  }

  /** An integer as Babel's format_decimal writes it: grouped by thousands with the language's symbol. */
  number(n: number): string {
    const digits = String(Math.abs(Math.trunc(n)));
    let out = "";
    for (let i = 0; i < digits.length; i++) {
      if (i > 0 && (digits.length - i) % 3 === 0) out += this.data.number.group;
      out += digits[i];
    }
    return (n < 0 ? this.data.number.minus : "") + out;
  }

  private fields(fields?: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields ?? {})) out[k] = typeof v === "number" ? this.number(v) : String(v);
    return out;
  }

  /** Interface text: t("Join {name}", {name}). */
  t(msgid: string, fields?: Record<string, unknown>): string {
    const text = this.template(msgid);
    return fields ? fill(this.lang, text, this.fields(fields)) : text;
  }

  /** Interface text with a context. */
  pt(context: string, msgid: string, fields?: Record<string, unknown>): string {
    const text = this.template(msgid, context);
    return fields ? fill(this.lang, text, this.fields(fields)) : text;
  }

  /** A plural message for the count n (also the field {count}). */
  nt(singular: string, plural: string, n: number, fields?: Record<string, unknown>): string {
    return fill(this.lang, this.template(singular, null, plural, n), this.fields({ count: n, ...fields }));
  }

  /** A card's name in this edition (the 2019 edition has its own names). */
  card(card: string, edition: string): string {
    return this.template(card, edition === "2019" ? "card-2019" : "card");
  }

  effect(card: string): string {
    return this.template(card, "effect");
  }

  edition(edition: string): string {
    return this.template(edition, "edition");
  }
}
