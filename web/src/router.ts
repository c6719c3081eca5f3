// A small router: the path is a signal; links and navigate() push history entries.
import { signal } from "@preact/signals";

export const path = signal(typeof location === "undefined" ? "/" : location.pathname);
export const query = signal(typeof location === "undefined" ? "" : location.search);

export function navigate(to: string, replace = false): void {
  const url = new URL(to, location.origin);
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  path.value = url.pathname;
  query.value = url.search;
  window.scrollTo?.(0, 0);
}

if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    path.value = location.pathname;
    query.value = location.search;
  });
}

export type Route =
  | { page: "lobby" }
  | { page: "table"; id: string }
  | { page: "replay"; id: string }
  | { page: "rules"; edition: string | null }
  | { page: "local" }
  | { page: "missing" };

export function parseRoute(p: string): Route {
  const parts = p.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: "lobby" };
  if (parts[0] === "t" && parts.length === 2) return { page: "table", id: parts[1] };
  if (parts[0] === "t" && parts.length === 3 && parts[2] === "replay") return { page: "replay", id: parts[1] };
  if (parts[0] === "rules" && parts.length <= 2) return { page: "rules", edition: parts[1] ?? null };
  return { page: "missing" };
}

/** A link that navigates without reloading the page. */
export function linkHandler(to: string) {
  return (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
}
