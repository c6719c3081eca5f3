// The interface language: a signal holding the current catalog, and t()/pt()/nt() bound to it.
// Message ids are English text; `python -m loveletter.i18n` extracts them from web/src (Babel's
// JavaScript extractor, keywords t, pt, nt, N_) into the gettext catalogs, like the Python sources.
import { computed, signal } from "@preact/signals";
import { Catalog, type Lang, LANGS } from "./catalog";
import { browserLang, loadCatalog } from "./load";

export { LANGS, type Lang };

export const catalog = signal<Catalog | null>(null);
export const lang = computed<Lang>(() => catalog.value?.lang ?? "en");

const STORAGE_KEY = "loveletter.lang";

function current(): Catalog {
  const c = catalog.value;
  if (!c) throw new Error("no catalog loaded yet");
  return c;
}

export const t = (msgid: string, fields?: Record<string, unknown>): string => current().t(msgid, fields);
export const pt = (context: string, msgid: string, fields?: Record<string, unknown>): string =>
  current().pt(context, msgid, fields);
export const nt = (singular: string, plural: string, n: number, fields?: Record<string, unknown>): string =>
  current().nt(singular, plural, n, fields);
/** Marks a message id for extraction; translate it later with t(). */
export const N_ = (msgid: string): string => msgid;

/** The saved choice, else the browser's language. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    /* storage may be unavailable */
  }
  return browserLang();
}

export async function setLang(next: Lang, remember = true): Promise<void> {
  catalog.value = await loadCatalog(next);
  document.documentElement.lang = next === "zh" ? "zh-Hans" : next;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      /* ignore */
    }
  }
}

/** Language names, each in its own language (not translated). */
export const LANG_NAMES: Record<Lang, string> = { en: "English", es: "Español", fr: "Français", nl: "Nederlands", zh: "中文" };
