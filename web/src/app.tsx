// The page: header (language switch, links), the connection banner, and the route's page.
import { useEffect } from "preact/hooks";
import { catalog, lang, LANG_NAMES, LANGS, type Lang, setLang, t } from "./i18n";
import { linkHandler, parseRoute, path, query } from "./router";
import { conn, loadMe, me, meLoaded } from "./state";
import { Lobby } from "./ui/lobby";
import { ReplayPage } from "./ui/replay";
import { Rules } from "./ui/rules";
import { TablePage } from "./ui/table";

const motion = typeof localStorage !== "undefined" && localStorage.getItem("loveletter.motion") === "off";

export function Banner() {
  const c = conn();
  const status = c.status.value;
  if (status !== "lost") return null;
  return (
    <div class="banner" role="alert" data-banner="lost">
      {t("Connection lost. Reconnecting…")}
    </div>
  );
}

function Header() {
  return (
    <header class="top">
      <a class="brand" href="/" onClick={linkHandler("/")}>
        ♥ {t("Love Letter")}
      </a>
      <nav>
        <a href="/rules" onClick={linkHandler("/rules")}>
          {t("Rules")}
        </a>
        <label class="lang">
          <span class="sr-only">{t("Language")}</span>
          <select value={lang.value} onChange={(e) => setLang((e.target as HTMLSelectElement).value as Lang)} aria-label={t("Language")}>
            {LANGS.map((l) => (
              <option value={l}>{LANG_NAMES[l]}</option>
            ))}
          </select>
        </label>
        <label class="motion">
          <input
            type="checkbox"
            checked={!document.documentElement.classList.contains("no-motion")}
            onChange={(e) => {
              const on = (e.target as HTMLInputElement).checked;
              document.documentElement.classList.toggle("no-motion", !on);
              localStorage.setItem("loveletter.motion", on ? "on" : "off");
            }}
          />{" "}
          {t("Animations")}
        </label>
        {me.value ? <span class="who">{me.value.name}</span> : null}
      </nav>
    </header>
  );
}

export function App() {
  useEffect(() => {
    if (motion) document.documentElement.classList.add("no-motion");
    void loadMe();
  }, []);
  if (!catalog.value || !meLoaded.value) return <p class="panel">…</p>;
  const route = parseRoute(path.value);
  const params = new URLSearchParams(query.value);
  let page;
  switch (route.page) {
    case "lobby":
      page = <Lobby />;
      break;
    case "table":
      page = <TablePage key={route.id} id={route.id} invite={params.get("invite")} watch={params.get("watch") === "1"} />;
      break;
    case "replay":
      page = <ReplayPage id={route.id} />;
      break;
    case "rules":
      page = <Rules edition={route.edition} />;
      break;
    default:
      page = <p class="panel">{t("There is no such page.")}</p>;
  }
  return (
    <>
      <a class="skip" href="#main">
        {t("Skip to the content")}
      </a>
      <Header />
      {route.page === "table" ? <Banner /> : null}
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </>
  );
}
