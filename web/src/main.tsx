import { render } from "preact";
import { App } from "./app";
import { initialLang, setLang } from "./i18n";
import { setOnMissing } from "./i18n/catalog";
import { conn } from "./state";
import "./style.css";

// What the end-to-end tests read: messages missing from the catalog, and the connection (to send a
// raw frame as a second tab would).
const w = window as unknown as { __loveletter: { missing: string[]; conn: typeof conn } };
w.__loveletter = { missing: [], conn };
setOnMissing((lang, key) => w.__loveletter.missing.push(`${lang}:${key}`));

void setLang(initialLang(), false).then(() => render(<App />, document.getElementById("app")!));
