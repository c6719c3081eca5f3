import { render } from "preact";
import { App } from "./app";
import { initialLang, setLang } from "./i18n";
import "./style.css";

void setLang(initialLang(), false).then(() => render(<App />, document.getElementById("app")!));
