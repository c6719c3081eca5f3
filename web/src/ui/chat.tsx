// The table's chat: the lines so far (names and text shown as text, never markup), a form to send one
// (Enter sends; the server checks the length and the rate), and why a line was refused (the server's words).
import { useEffect, useRef, useState } from "preact/hooks";
import type { ChatLine, TableSession } from "../connection";
import { conn } from "../state";
import { t } from "../i18n";
import type { Narrator } from "../i18n/render";
import { refusalText } from "./labels";

/** The longest chat line the server takes (docs/protocol.md). */
export const CHAT_LIMIT = 300;

function time(at: number | string): string {
  const d = new Date(typeof at === "number" ? at : Date.parse(at));
  if (Number.isNaN(d.getTime())) return "";
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function Line(props: { line: ChatLine; names: string[] }) {
  const { line, names } = props;
  // a seat's line goes by the seat's name at this table; a spectator's by the name it chose
  const who = line.from.seat !== null && names[line.from.seat] ? names[line.from.seat] : t("{name} (watching)", { name: line.from.name });
  return (
    <li class="chat-line">
      <span class="muted chat-time">{time(line.at)}</span> <b class="chat-name">{t("{name}:", { name: who })}</b>{" "}
      <span class="chat-text">{line.text}</span>
    </li>
  );
}

export function ChatPanel(props: { session: TableSession; names: string[]; n: Narrator }) {
  const { session, names, n } = props;
  const lines = session.chat.value;
  const error = session.chatError.value;
  const [text, setText] = useState("");
  const [down, setDown] = useState(false);
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  useEffect(() => {
    // a refused line comes back into the field, so nothing typed is lost
    if (error && session.chatSent.value && !text) setText(session.chatSent.value.text);
  }, [error]);
  const tooLong = text.trim().length > CHAT_LIMIT;
  const id = `chat-${session.table}`;
  return (
    <section class="chat panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Chat")}</h2>
      {lines.length ? (
        <ol ref={box} class="chat-lines" aria-live="polite" aria-relevant="additions">
          {lines.map((line) => (
            <Line line={line} names={names} />
          ))}
        </ol>
      ) : (
        <p class="muted">{t("No messages yet.")}</p>
      )}
      <form
        class="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          const clean = text.trim();
          if (!clean || tooLong) return;
          const sent = conn().chat(session, clean);
          setDown(!sent);
          if (sent) setText("");
        }}
      >
        <label for={id} class="sr-only">
          {t("Your message")}
        </label>
        <input
          id={id}
          name="chat"
          type="text"
          autoComplete="off"
          maxLength={CHAT_LIMIT * 2}
          placeholder={t("Write to the table…")}
          value={text}
          aria-invalid={tooLong ? "true" : undefined}
          aria-describedby={`${id}-why`}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit" data-action="chat" disabled={!text.trim() || tooLong}>
          {t("Send")}
        </button>
      </form>
      <p id={`${id}-why`} class={tooLong || error || down ? "error" : "sr-only"} role={error || down ? "alert" : undefined}>
        {tooLong
          ? t("A message has at most {limit} characters.", { limit: CHAT_LIMIT })
          : error
            ? refusalText(n, error, t("The message was not sent ({code}).", { code: error.code }))
            : down
              ? t("Not connected: the message was not sent.")
              : ""}
      </p>
    </section>
  );
}
