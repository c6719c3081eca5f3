// /t/<id>: the waiting room (seats, invite link, join, start), then the game for a seat or a spectator,
// with pass-and-play between the human seats of one device, the round and game end, and reconnection.
import { useComputed } from "@preact/signals";
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, ApiError } from "../api";
import type { TableSession } from "../connection";
import type { SeatInfo, TableSummary, WireEvent } from "../game";
import { catalog, t } from "../i18n";
import { join, Narrator } from "../i18n/render";
import { linkHandler, navigate } from "../router";
import { conn, me, savedSeat, saveSeat } from "../state";
import { Center, GameLog, Hand, Knowledge, Reference, Seats, seatNames } from "./board";
import { ChatPanel } from "./chat";
import { apiError, botLevel, profileLabel, refusalText, tableStatus } from "./labels";
import { NameForm } from "./lobby";
import { PromptPanel } from "./prompt";
import { Dialog, RoundEndLines, ShowdownTable, TokensTable } from "./roundend";

export function inviteLink(id: string, invite: string | undefined | null): string {
  return `${location.origin}/t/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

function CopyLink(props: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p class="invite">
      <label>
        {t("Invite link")}
        <input type="text" readOnly value={props.url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      </label>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(props.url);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {t("Copy the invite link")}
      </button>
      {copied ? <span role="status">{t("Copied.")}</span> : null}
    </p>
  );
}

function Waiting(props: { table: TableSummary; invite: string | null; reload: () => void }) {
  const { table } = props;
  const [error, setError] = useState<string | null>(null);
  const mine = table.seats.filter((s) => s.you);
  const creator = table.seats.find((s) => s.seat === 0)?.you;
  const open = table.seats.filter((s) => s.kind === "open");
  const act = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
      props.reload();
    } catch (e) {
      setError(apiError(e instanceof ApiError ? e.code : "network"));
    }
  };
  return (
    <section class="waiting panel">
      <h1>{t("Table {id}", { id: table.id })}</h1>
      <p>
        {catalog.value!.edition(table.edition)} · {profileLabel(table.profile)} · {tableStatus(table.status)}
      </p>
      <ul class="seat-list">
        {table.seats.map((s) => (
          <li data-seat={s.seat}>
            {t("Seat {n}", { n: s.seat + 1 })}:{" "}
            {s.kind === "open" ? (
              <span class="muted">{t("open")}</span>
            ) : s.kind === "bot" ? (
              `${t("Bot {n}", { n: s.seat })} (${botLevel(s.level ?? "")})`
            ) : (
              s.name
            )}
            {s.you ? <span class="badge">{t("you")}</span> : null}
            {s.kind === "open" && !mine.length && me.value ? (
              <button type="button" onClick={() => act(() => api.join(table.id, s.seat, props.invite))}>
                {t("Sit here")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {!me.value ? <NameForm /> : null}
      <CopyLink url={inviteLink(table.id, table.invite ?? props.invite)} />
      {creator ? (
        <button type="button" class="primary" data-action="start" disabled={open.length > 0} onClick={() => act(() => api.start(table.id))}>
          {open.length ? t("Waiting for every seat to be filled…") : t("Start the game")}
        </button>
      ) : mine.length ? (
        <p>{t("Waiting for the game to start…")}</p>
      ) : null}
      {mine.length && !creator ? (
        <button type="button" onClick={() => act(() => api.leave(table.id))}>
          {t("Leave the table")}
        </button>
      ) : null}
      <p>
        <a href={`/t/${table.id}?watch=1${props.invite ? `&invite=${encodeURIComponent(props.invite)}` : ""}`}>{t("Watch as a spectator")}</a>
      </p>
      {error ? <p role="alert" class="error">{error}</p> : null}
    </section>
  );
}

export function TablePage(props: { id: string; invite: string | null; watch: boolean }) {
  const [table, setTable] = useState<TableSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = () => setTick((x) => x + 1);
  useEffect(() => {
    let live = true;
    api
      .table(props.id, props.invite)
      .then((s) => live && (setTable(s), setError(null)))
      .catch((e) => live && setError(apiError(e instanceof ApiError ? e.code : "network")));
    return () => {
      live = false;
    };
  }, [props.id, tick, me.value?.id]);
  useEffect(() => {
    if (table?.status !== "waiting") return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [table?.status]);
  if (error) return <p role="alert" class="error panel">{error}</p>;
  if (!table) return <p class="panel">{t("Loading…")}</p>;
  if (table.status === "waiting") return <Waiting table={table} invite={props.invite} reload={reload} />;
  if (!me.value) {
    return (
      <section class="panel">
        <h1>{t("Table {id}", { id: table.id })}</h1>
        <NameForm />
      </section>
    );
  }
  const mine = props.watch ? [] : table.seats.filter((s) => s.you).map((s) => s.seat);
  return <Game table={table} mine={mine} invite={props.invite} />;
}

function Game(props: { table: TableSummary; mine: number[]; invite: string | null }) {
  const { table, mine } = props;
  const first = useMemo(() => {
    const saved = savedSeat(table.id);
    return saved !== null && mine.includes(saved) ? saved : (mine[0] ?? null);
  }, [table.id, mine.join(",")]);
  const [seat, setSeat] = useState<number | null>(first);
  const session = useMemo(() => conn().open(table.id, seat, props.invite), [table.id, seat]);
  useEffect(() => {
    if (seat !== null) saveSeat(table.id, seat);
  }, [seat]);
  useEffect(() => () => conn().forget(table.id), [table.id]);
  return <GameView session={session} table={table} mine={mine} onSwitch={setSeat} />;
}

export function GameView(props: { session: TableSession; table: TableSummary; mine: number[]; onSwitch: (seat: number) => void }) {
  const { session, table, mine } = props;
  const view = session.view.value;
  const events = session.events.value;
  const prompt = session.prompt.value;
  const seats = session.seats.value.length ? session.seats.value : table.seats;
  const [closedRound, setClosedRound] = useState<number>(-1);
  const [startSeq, setStartSeq] = useState<number | null>(null);
  const roundEnd = useComputed(() => {
    const evs = session.events.value;
    for (let i = evs.length - 1; i >= 0; i--) if (evs[i].kind === "round_end") return evs[i];
    return null;
  }).value as (WireEvent & { winners: number[] }) | null;
  useEffect(() => {
    // events already there when the page opened are history: no dialog for them (unless the game is over)
    if (startSeq === null && view) setStartSeq(session.nextSeq());
  }, [view !== null]);
  const names = seatNames(seats, view?.players ?? table.players);
  const n = useMemo(
    () => (view ? new Narrator(catalog.value!, { seats: names, edition: view.edition, deck: view.cards }) : null),
    [catalog.value, names.join("\u0000"), view?.edition, view?.cards],
  );
  if (!view || !n || view.round === 0) return <p class="panel">{t("Loading…")}</p>;

  // Pass-and-play: another human seat of this device must play now.
  const next = view.toMove;
  if (next !== null && view.seat !== null && next !== view.seat && mine.includes(next)) {
    return <PassScreen name={names[next]} onReady={() => props.onSwitch(next)} />;
  }

  const gameOver = view.outcome.game;
  const showRound =
    roundEnd && roundEnd.seq !== closedRound && (startSeq === null || roundEnd.seq >= startSeq || gameOver !== null);
  const busy = session.sending.value !== null;
  const refusal = session.refusal.value;
  const myPrompt = prompt && prompt.seat === view.seat ? prompt : null;
  return (
    <div class="game" data-phase={view.phase} data-version={session.version.value}>
      <header class="game-head">
        <h1>
          {catalog.value!.edition(view.edition)} · {t("Round {n}", { n: view.round })}
        </h1>
        {view.seat === null ? <p class="badge">{t("You are watching as a spectator.")}</p> : null}
      </header>
      <Reclaim session={session} seats={seats} names={names} n={n} />
      <div class="game-grid">
        <div class="main-col">
          <Seats view={view} n={n} names={names} seats={seats} />
          <Center view={view} n={n} unseen={session.unseen.value} />
          <Hand view={view} n={n} />
          {refusal ? (
            <p role="alert" class="error refusal" data-code={refusal.code}>
              {refusalText(n, refusal, t("That choice is not allowed now."))}
            </p>
          ) : null}
          {myPrompt && !showRound ? (
            <>
              <Deadline deadline={myPrompt.deadline} />
              <PromptPanel view={view} legal={myPrompt.legal} n={n} names={names} busy={busy} onDecide={(d) => conn().decide(session, d)} />
            </>
          ) : !myPrompt && !gameOver && view.seat !== null && view.toMove !== null ? ( // my turn behind a summary: the dialog says so
            <p class="waiting-for" role="status">
              {t("Waiting for {name}…", { name: names[view.toMove] })}
            </p>
          ) : null}
          <Knowledge view={view} known={session.known.value} n={n} />
        </div>
        <div class="side-col">
          <GameLog events={events} n={n} />
          <ChatPanel session={session} names={names} n={n} />
          <details class="panel">
            <summary>{t("Card reference")}</summary>
            <Reference edition={view.edition} players={view.players} deck={view.cards} n={n} />
          </details>
          <p>
            <a href={`/rules/${view.edition}`} target="_blank" rel="noopener">
              {t("Rules and tips for this edition")}
            </a>
          </p>
        </div>
      </div>
      {gameOver ? (
        <Dialog title={t("Game over")}>
          <RoundEndLines events={events} from={roundEnd?.seq ?? 0} n={n} />
          {roundEnd ? <ShowdownTable outcome={roundEnd as never} names={names} n={n} values={view.cards.values} /> : null}
          <TokensTable tokens={gameOver.tokens} goal={view.goal} names={names} />
          <GameOverActions id={table.id} seated={mine.length > 0} />
        </Dialog>
      ) : showRound && roundEnd ? (
        <Dialog title={t("Round over")} onClose={() => setClosedRound(roundEnd.seq)}>
          <RoundEndLines events={events} from={roundEnd.seq} n={n} />
          <ShowdownTable outcome={roundEnd as never} names={names} n={n} values={view.cards.values} />
          <TokensTable tokens={(roundEnd as never as { tokens: number[] }).tokens} goal={view.goal} names={names} />
          {myPrompt ? (
            <>
              <p class="your-turn" role="status">
                {t("Your turn: close this summary to play.")}
              </p>
              <Deadline deadline={myPrompt.deadline} />
            </>
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}

function GameOverActions(props: { id: string; seated: boolean }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div class="actions">
      {props.seated ? (
        <button
          type="button"
          class="primary"
          data-action="rematch"
          onClick={async () => {
            try {
              const next = await api.rematch(props.id);
              navigate(`/t/${next.id}`);
            } catch (e) {
              setError(apiError(e instanceof ApiError ? e.code : "network"));
            }
          }}
        >
          {t("Rematch")}
        </button>
      ) : null}
      <a class="button" href={`/t/${props.id}/replay`} onClick={linkHandler(`/t/${props.id}/replay`)}>
        {t("Watch the replay")}
      </a>
      <a class="button" href={api.recordUrl(props.id)} download={`loveletter-${props.id}.json`}>
        {t("Download the record")}
      </a>
      <a class="button" href="/" onClick={linkHandler("/")}>
        {t("Back to the lobby")}
      </a>
      {error ? <p role="alert" class="error">{error}</p> : null}
    </div>
  );
}

/** A bot plays some of my seats (my turns timed out, or I left): say so and offer them back. */
function Reclaim(props: { session: TableSession; seats: SeatInfo[]; names: string[]; n: Narrator }) {
  const { session, seats, names, n } = props;
  const taken = seats.filter((s) => s.you && s.takenOver).map((s) => s.seat);
  const error = session.reclaimError.value;
  if (!taken.length) return null;
  const busy = session.reclaiming.value.length > 0;
  return (
    <section class="reclaim panel" aria-label={t("A bot plays for you")}>
      <p>
        {taken.length === 1 && seats.filter((s) => s.you).length === 1
          ? t("A bot is playing your seat: your time ran out or you left the table.")
          : t("A bot is playing for {names}: the time ran out or you left the table.", {
              names: join(catalog.value!, taken.map((s) => names[s]), "and"),
            })}
      </p>
      <button type="button" class="primary" data-action="reclaim" disabled={busy} aria-busy={busy ? "true" : undefined} onClick={() => conn().reclaim(session, taken)}>
        {t("Take my seat back")}
      </button>
      {error ? (
        <p role="alert" class="error">
          {refusalText(n, error, t("Your seat could not be taken back ({code}).", { code: error.code }))}
        </p>
      ) : null}
    </section>
  );
}

function Deadline(props: { deadline: number | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!props.deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [props.deadline]);
  if (!props.deadline) return null;
  const left = Math.max(0, Math.round((props.deadline - now) / 1000));
  return <p class="deadline">{t("Time left: {seconds} s", { seconds: left })}</p>;
}

/** Pass-and-play: the screen between two people; no hand is on the page until the next one is ready. */
function PassScreen(props: { name: string; onReady: () => void }) {
  return (
    <section class="pass panel" aria-live="assertive">
      <h1>{t("Pass the device to {name}", { name: props.name })}</h1>
      <p>{t("The last hand is hidden. When {name} holds the device, press the button.", { name: props.name })}</p>
      <button type="button" class="primary" data-action="ready" autoFocus onClick={props.onReady}>
        {t("I am {name}: show my hand", { name: props.name })}
      </button>
    </section>
  );
}

