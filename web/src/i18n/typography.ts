// The typography of loveletter.i18n.typography, in TypeScript: filling a template's {fields}, with the
// Chinese spacing rules at the edges of every field, and sentences joined (no space in Chinese).
// French non-breaking spaces are already in the exported catalog texts (the exporter applies polish()).
import unicode from "../generated/unicode.json";

type Ranges = number[][];

function inRanges(ranges: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = ranges[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** A wide (CJK) character: an ideograph, kana or full-width punctuation (Python's unicodedata). */
export function isWide(ch: string): boolean {
  return ch !== "" && inRanges(unicode.wide, ch.codePointAt(0)!);
}

function isWidePunct(ch: string): boolean {
  return ch !== "" && inRanges(unicode.widePunct, ch.codePointAt(0)!);
}

function isLatin(ch: string): boolean {
  return /^[A-Za-z0-9]$/.test(ch);
}

/** The first code point of a string ("" for none). */
function first(s: string): string {
  if (!s) return "";
  return String.fromCodePoint(s.codePointAt(0)!);
}

/** The last code point of a string ("" for none). */
function last(s: string): string {
  if (!s) return "";
  const code = s.charCodeAt(s.length - 1);
  if (code >= 0xdc00 && code <= 0xdfff && s.length > 1) {
    const hi = s.charCodeAt(s.length - 2);
    if (hi >= 0xd800 && hi <= 0xdbff) return s.slice(-2);
  }
  return s.slice(-1);
}

function gap(left: string, right: string, space: string): string {
  if (!left || !right) return space;
  if (isWide(left) && isWide(right)) return "";
  if ((isWide(left) && isLatin(right)) || (isLatin(left) && isWide(right))) {
    return isWidePunct(left) || isWidePunct(right) ? "" : " ";
  }
  return space;
}

type Part = { literal: string; name: string | null };

const parsed = new Map<string, Part[]>();

/** A template's parts, as Python's string.Formatter().parse gives them ({{ and }} are braces). */
export function parseTemplate(template: string): Part[] {
  const cached = parsed.get(template);
  if (cached) return cached;
  const parts: Part[] = [];
  let literal = "";
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === "{" && template[i + 1] === "{") {
      literal += "{";
      i += 2;
    } else if (ch === "}" && template[i + 1] === "}") {
      literal += "}";
      i += 2;
    } else if (ch === "{") {
      const end = template.indexOf("}", i);
      if (end < 0) throw new Error(`unclosed field in ${JSON.stringify(template)}`);
      const field = template.slice(i + 1, end).split(/[!:]/)[0];
      parts.push({ literal, name: field });
      literal = "";
      i = end + 1;
    } else if (ch === "}") {
      throw new Error(`single } in ${JSON.stringify(template)}`);
    } else {
      literal += ch;
      i += 1;
    }
  }
  if (literal) parts.push({ literal, name: null });
  parsed.set(template, parts);
  return parts;
}

function value(fields: Record<string, string>, name: string): string {
  if (!(name in fields)) throw new Error(`missing field {${name}}`);
  return fields[name];
}

/** template.format(**fields), with the Chinese spacing fixed at the edges of every field. */
export function fill(lang: string, template: string, fields: Record<string, string>): string {
  const parts = parseTemplate(template);
  if (lang !== "zh") return parts.map((p) => p.literal + (p.name === null ? "" : value(fields, p.name))).join("");
  let out = "";
  let mark = -1; // where the last field's value ends in out (-1: no field yet)
  for (const { literal, name } of parts) {
    if (literal) {
      if (mark === out.length) {
        const body = literal.replace(/^ +/, "");
        out += gap(last(out), first(body), literal.slice(0, literal.length - body.length)) + body;
      } else {
        out += literal;
      }
    }
    if (name === null) continue;
    const text = value(fields, name);
    const m = Math.max(mark, 0);
    const body = out.slice(0, m) + out.slice(m).replace(/ +$/, "");
    out = body + gap(last(body), first(text), out.slice(body.length)) + text;
    mark = out.length;
  }
  return out;
}

/** Sentences one after the other: separated by a space, except in Chinese. */
export function joinSentences(lang: string, sentences: string[]): string {
  return sentences.filter((s) => s).join(lang === "zh" ? "" : " ");
}
