// Loading the exported catalogs: each language is its own chunk, fetched when first needed.
import { Catalog, type CatalogData, type Lang, LANGS } from "./catalog";

const loaders = import.meta.glob<{ default: CatalogData }>("../generated/i18n/*.json");
const cache = new Map<Lang, Catalog>();

export async function loadCatalog(lang: Lang): Promise<Catalog> {
  const hit = cache.get(lang);
  if (hit) return hit;
  const load = loaders[`../generated/i18n/${lang}.json`];
  if (!load) throw new Error(`no catalog for ${lang}`);
  const catalog = new Catalog((await load()).default);
  cache.set(lang, catalog);
  return catalog;
}

/** The first supported language among the browser's (navigator.languages), else English. */
export function browserLang(languages: readonly string[] = navigator.languages ?? [navigator.language]): Lang {
  for (const tag of languages) {
    const code = tag.toLowerCase().split(/[-_]/)[0];
    if ((LANGS as readonly string[]).includes(code)) return code as Lang;
  }
  return "en";
}
