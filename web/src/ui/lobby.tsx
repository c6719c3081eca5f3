// The lobby: your name, one-click play against a bot, a new table with every setting explained, the
// public tables (join or watch), my rating and my last games.
import { useEffect, useState } from "preact/hooks";
import { api, ApiError, type HistoryItem, type SeatRequest } from "../api";
import { EDITIONS, GAME, profileOptions, type TableSummary } from "../game";
import { catalog, nt, t } from "../i18n";
import { linkHandler, navigate } from "../router";
import { ensureMe, me } from "../state";
import { apiError, botLevel, optionInfo, profileHelp, profileLabel, tableStatus } from "./labels";

export function NameForm(props: { onDone?: () => void }) {
  const [name, setName] = useState(me.value?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="name-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const clean = name.trim();
        if (!clean || clean.length > 24) {
          setError(apiError("bad_name"));
          return;
        }
        try {
          await ensureMe(clean);
          props.onDone?.();
        } catch (err) {
          setError(apiError(err instanceof ApiError ? err.code : "network"));
        }
      }}
    >
      <label>
        {t("Your name")}
        <input name="name" type="text" maxLength={24} required autoComplete="nickname" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit">{me.value ? t("Change my name") : t("Save my name")}</button>
      {error ? <span role="alert" class="error">{error}</span> : null}
    </form>
  );
}

type SeatKind = "bot" | "open" | "human";

function defaultSeats(players: number): { kind: SeatKind; level: string }[] {
  return [...Array(players - 1).keys()].map(() => ({ kind: "bot" as SeatKind, level: "medium" }));
}

function CreateTable() {
  const [edition, setEdition] = useState<string>("classic");
  const [players, setPlayers] = useState(2);
  const [profile, setProfile] = useState("bga");
  const [overrides, setOverrides] = useState<Record<string, unknown>>({});
  const [seats, setSeats] = useState(defaultSeats(2));
  const [visibility, setVisibility] = useState<"private" | "public">("private");
  const [timer, setTimer] = useState(false);
  const [seconds, setSeconds] = useState(60);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ed = GAME.editions[edition];
  const base = profileOptions(profile, edition, players);
  const options = { ...base, ...overrides };
  const changePlayers = (p: number) => {
    setPlayers(p);
    setSeats((old) => [...Array(p - 1).keys()].map((i) => old[i] ?? { kind: "bot", level: "medium" }));
    setOverrides({});
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!me.value) {
      setError(apiError("bad_token"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const req: SeatRequest[] = [{ kind: "human" }, ...seats.map((s) => (s.kind === "bot" ? { kind: "bot" as const, level: s.level } : { kind: s.kind }))];
      const opts: Record<string, unknown> = { ...overrides };
      const made = await api.create({ edition, players, profile, options: opts, seats: req, visibility, timer: { enabled: timer, seconds } });
      if (!seats.some((s) => s.kind === "open")) await api.start(made.id);
      navigate(`/t/${made.id}${made.invite ? `?invite=${encodeURIComponent(made.invite)}` : ""}`);
    } catch (err) {
      setError(apiError(err instanceof ApiError ? err.code : "network"));
    } finally {
      setBusy(false);
    }
  };
  const optionNames = Object.keys(GAME.options).filter((k) => k !== "tokensToWin" && k !== "firstRoundStarter");
  return (
    <form class="create panel" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t("New table")}</h2>
      <div class="field">
        <label for="edition">{t("Edition")}</label>
        <select id="edition" value={edition} onChange={(e) => {
          const next = (e.target as HTMLSelectElement).value;
          setEdition(next);
          const e2 = GAME.editions[next];
          changePlayers(Math.min(Math.max(players, e2.minPlayers), e2.maxPlayers));
        }}>
          {EDITIONS.map((x) => (
            <option value={x}>{catalog.value!.edition(x)}</option>
          ))}
        </select>
        <a href={`/rules/${edition}`} onClick={linkHandler(`/rules/${edition}`)}>{t("Rules and tips for this edition")}</a>
      </div>
      <div class="field">
        <label for="players">{t("Players")}</label>
        <select id="players" value={players} onChange={(e) => changePlayers(Number((e.target as HTMLSelectElement).value))}>
          {[...Array(ed.maxPlayers - ed.minPlayers + 1).keys()].map((i) => (
            <option value={ed.minPlayers + i}>{ed.minPlayers + i}</option>
          ))}
        </select>
      </div>
      <fieldset class="field">
        <legend>{t("Seats")}</legend>
        <p class="muted">{t("Seat 1 is yours. A seat for a person on this device is pass-and-play; an open seat waits for someone with the invite link.")}</p>
        {seats.map((s, i) => (
          <div class="seat-row" data-seat={i + 1}>
            <span>{t("Seat {n}", { n: i + 2 })}</span>
            <select aria-label={t("Who plays seat {n}", { n: i + 2 })} value={s.kind} onChange={(e) => {
              const kind = (e.target as HTMLSelectElement).value as SeatKind;
              setSeats(seats.map((x, j) => (j === i ? { ...x, kind } : x)));
            }}>
              <option value="bot">{t("a bot")}</option>
              <option value="open">{t("someone with the invite link")}</option>
              <option value="human">{t("a person on this device")}</option>
            </select>
            {s.kind === "bot" ? (
              <select aria-label={t("Strength of the bot at seat {n}", { n: i + 2 })} value={s.level} onChange={(e) => {
                const level = (e.target as HTMLSelectElement).value;
                setSeats(seats.map((x, j) => (j === i ? { ...x, level } : x)));
              }}>
                {GAME.botLevels.map((l) => (
                  <option value={l}>{botLevel(l)}</option>
                ))}
              </select>
            ) : null}
          </div>
        ))}
      </fieldset>
      <div class="field">
        <label for="profile">{t("Rules profile")}</label>
        <select id="profile" value={profile} onChange={(e) => {
          setProfile((e.target as HTMLSelectElement).value);
          setOverrides({});
        }}>
          {Object.keys(GAME.profiles).map((p) => (
            <option value={p}>{profileLabel(p)}</option>
          ))}
        </select>
        <p class="help">{profileHelp(profile)}</p>
      </div>
      <details class="field options">
        <summary>{t("Rule options")}</summary>
        <div class="field">
          <label for="opt-goal">{t("Tokens to win")}</label>
          <input id="opt-goal" type="number" min={1} max={20} value={String(options.tokensToWin)} onInput={(e) => {
            const v = Number((e.target as HTMLInputElement).value);
            if (v >= 1) setOverrides({ ...overrides, tokensToWin: v });
          }} />
          <p class="help">{t("The first player to gather this many tokens of affection wins the game.")}</p>
        </div>
        {optionNames.map((name) => {
          const info = optionInfo(name, edition, players);
          if (!info) return null;
          const value = options[name];
          return (
            <div class="field">
              <label for={`opt-${name}`}>{info.label}</label>
              <select id={`opt-${name}`} value={String(info.choices.findIndex((c) => c.value === value))} onChange={(e) => {
                const c = info.choices[Number((e.target as HTMLSelectElement).value)];
                setOverrides({ ...overrides, [name]: c.value });
              }}>
                {info.choices.map((c, i) => (
                  <option value={String(i)}>{c.label}</option>
                ))}
              </select>
              <p class="help">{info.help}</p>
            </div>
          );
        })}
      </details>
      <fieldset class="field">
        <legend>{t("Who can find the table")}</legend>
        <label>
          <input type="radio" name="visibility" checked={visibility === "private"} onChange={() => { setVisibility("private"); setTimer(false); }} /> {t("private: only people with the invite link")}
        </label>
        <label>
          <input type="radio" name="visibility" checked={visibility === "public"} onChange={() => { setVisibility("public"); setTimer(true); }} /> {t("public: listed in the lobby")}
        </label>
      </fieldset>
      <div class="field">
        <label>
          <input type="checkbox" checked={timer} onChange={(e) => setTimer((e.target as HTMLInputElement).checked)} /> {t("Turn timer")}
        </label>
        {timer ? (
          <label>
            {t("Seconds per turn")}
            <input type="number" min={10} max={600} value={seconds} onInput={(e) => setSeconds(Number((e.target as HTMLInputElement).value) || 60)} />
          </label>
        ) : null}
        <p class="help">{t("When the time runs out, a bot plays that turn for the player.")}</p>
      </div>
      <button type="submit" class="primary" disabled={busy || !me.value} data-action="create">
        {t("Create the table")}
      </button>
      {!me.value ? <p class="help">{t("Choose a name first.")}</p> : null}
      {error ? <p role="alert" class="error">{error}</p> : null}
    </form>
  );
}

function QuickStart() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section class="quick panel">
      <h2>{t("Play now")}</h2>
      <p>{t("Classic Love Letter against a bot of medium strength, two players.")}</p>
      <button type="button" class="primary big" data-action="quick" disabled={busy || !me.value} onClick={async () => {
        setBusy(true);
        setError(null);
        try {
          const made = await api.create({ edition: "classic", players: 2, profile: "bga", options: {}, seats: [{ kind: "human" }, { kind: "bot", level: "medium" }], visibility: "private", timer: { enabled: false, seconds: 60 } });
          await api.start(made.id);
          navigate(`/t/${made.id}`);
        } catch (err) {
          setError(apiError(err instanceof ApiError ? err.code : "network"));
        } finally {
          setBusy(false);
        }
      }}>
        {t("Play against a bot")}
      </button>
      {!me.value ? <p class="help">{t("Choose a name first.")}</p> : null}
      {error ? <p role="alert" class="error">{error}</p> : null}
    </section>
  );
}

function PublicTables() {
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .tables()
        .then((x) => live && (setTables(x), setError(null)))
        .catch((e) => live && setError(apiError(e instanceof ApiError ? e.code : "network")));
    load();
    const timer = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <section class="public panel" aria-labelledby="public-title">
      <h2 id="public-title">{t("Public tables")}</h2>
      {error ? <p role="alert" class="error">{error}</p> : null}
      {tables === null ? (
        <p>{t("Loading…")}</p>
      ) : tables.length === 0 ? (
        <p class="muted">{t("No public table right now. Create one!")}</p>
      ) : (
        <ul class="table-list">
          {tables.map((x) => {
            const open = x.seats.filter((s) => s.kind === "open").length;
            const who = x.seats.filter((s) => s.kind !== "open").map((s) => (s.kind === "bot" ? t("Bot {n}", { n: s.seat }) : s.name)).join(", ");
            return (
              <li data-table={x.id}>
                <span>
                  <b>{catalog.value!.edition(x.edition)}</b> · {nt("{count} player", "{count} players", x.players)} · {tableStatus(x.status)}
                  <br />
                  <span class="muted">{who}</span>
                </span>
                <span class="actions">
                  {x.status === "waiting" && open > 0 ? (
                    <a class="button" href={`/t/${x.id}`} onClick={linkHandler(`/t/${x.id}`)}>
                      {nt("Join ({count} seat open)", "Join ({count} seats open)", open)}
                    </a>
                  ) : null}
                  <a class="button" href={`/t/${x.id}?watch=1`} onClick={linkHandler(`/t/${x.id}?watch=1`)}>
                    {t("Watch")}
                  </a>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** My rating and my last finished games, each with its replay. */
export function MyGames() {
  const [games, setGames] = useState<HistoryItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const who = me.value;
  useEffect(() => {
    if (!who) return;
    let live = true;
    api
      .history()
      .then((x) => live && (setGames(x), setError(null)))
      .catch((e) => live && setError(apiError(e instanceof ApiError ? e.code : "network")));
    return () => {
      live = false;
    };
  }, [who?.id]);
  if (!who) return null;
  const r = who.rating;
  return (
    <section class="mine panel" aria-labelledby="mine-title">
      <h2 id="mine-title">{t("Your games")}</h2>
      {r && who.games ? (
        <p class="rating">
          {t("Rating {rating} (skill {mu} ± {sigma})", { rating: Math.round(r.ordinal), mu: Math.round(r.mu), sigma: Math.round(r.sigma) })}
          {" · "}
          {nt("{count} game played", "{count} games played", who.games ?? 0)}
        </p>
      ) : null}
      {error ? <p role="alert" class="error">{error}</p> : null}
      {games === null ? null : games.length === 0 ? (
        <p class="muted">{t("No finished game yet.")}</p>
      ) : (
        <ul class="table-list history">
          {games.map((g) => (
            <li data-table={g.table}>
              <span>
                <b>{g.won ? t("Won") : t("Lost")}</b> · {catalog.value!.edition(g.edition)} · {nt("{count} player", "{count} players", g.players)} ·{" "}
                {nt("{count} token", "{count} tokens", g.tokens)}
                <br />
                <span class="muted">
                  {new Date(g.finishedAt).toLocaleDateString()} · {g.seats.filter((x, i) => i !== g.seat && x).join(", ")}
                </span>
              </span>
              <span class="actions">
                <a class="button" href={`/t/${g.table}/replay`} onClick={linkHandler(`/t/${g.table}/replay`)}>
                  {t("Replay")}
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Lobby() {
  return (
    <div class="lobby">
      <section class="panel intro">
        <h1>{t("Love Letter")}</h1>
        <p>{t("A game of risk, deduction and luck for two to eight players: get your letter to the princess.")}</p>
        <NameForm />
      </section>
      <QuickStart />
      <MyGames />
      <PublicTables />
      <CreateTable />
    </div>
  );
}
