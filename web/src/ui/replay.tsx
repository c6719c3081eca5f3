// /t/<id>/replay: a finished game step by step with every hand shown (GET /api/tables/{id}/replay gives
// each step's all-seeing view and its events, narrated for an all-seeing reader): the game log up to the
// step, the step's own lines marked and announced, and the record.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, ApiError } from "../api";
import type { SeatInfo, TableSummary, WireEvent, WireView } from "../game";
import { catalog, t } from "../i18n";
import { type Message, Narrator } from "../i18n/render";
import { linkHandler } from "../router";
import { Center, GameLog, Seats, seatNames } from "./board";
import { apiError } from "./labels";

export type ReplayStep = { view: WireView; events: WireEvent[] };

/** The replay endpoint's answer as steps: a list of views, or {steps: [view | {view, events}]}. */
export function replaySteps(data: unknown): ReplayStep[] {
  const list = Array.isArray(data) ? data : ((data as { steps?: unknown[] } | null)?.steps ?? []);
  return list.map((x) => {
    const step = x as { view?: WireView; events?: WireEvent[] } & WireView;
    if (step.view && typeof step.view === "object") return { view: step.view, events: step.events ?? [] };
    return { view: step as WireView, events: [] };
  });
}

export function ReplayPage(props: { id: string }) {
  const [steps, setSteps] = useState<ReplayStep[] | null>(null);
  const [table, setTable] = useState<TableSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  useEffect(() => {
    Promise.all([api.replay(props.id), api.table(props.id)])
      .then(([r, s]) => {
        setSteps(replaySteps(r));
        setTable(s);
      })
      .catch((e) => setError(apiError(e instanceof ApiError ? e.code : "network")));
  }, [props.id]);
  const step = steps?.[at];
  const seats: SeatInfo[] = table?.seats ?? [];
  const names = seatNames(seats, step?.view.players ?? 0);
  const n = useMemo(
    () => (step ? new Narrator(catalog.value!, { seats: names, edition: step.view.edition, deck: step.view.cards }) : null),
    [catalog.value, step, names.join("\u0000")],
  );
  if (error) return <p role="alert" class="error panel">{error}</p>;
  if (!steps || !table) return <p class="panel">{t("Loading…")}</p>;
  if (!step || !n) return <p class="panel">{t("This game has no steps to show.")}</p>;
  // the narration up to this step (events of every step so far), this step's own lines marked
  const told = steps.slice(0, at + 1).flatMap((s) => s.events);
  const now = step.events.filter((e) => e.say);
  const current = new Set(now.map((e) => e.seq));
  const go = (i: number) => setAt(Math.max(0, Math.min(steps.length - 1, i)));
  return (
    <div class="replay" onKeyDown={(e) => {
      if (e.key === "ArrowRight") go(at + 1);
      if (e.key === "ArrowLeft") go(at - 1);
    }}>
      <header class="game-head">
        <h1>
          {t("Replay")} · {catalog.value!.edition(step.view.edition)} · {t("Round {n}", { n: step.view.round })}
        </h1>
        <div class="replay-controls" role="group" aria-label={t("Replay controls")}>
          <button type="button" onClick={() => go(0)}>{t("First")}</button>
          <button type="button" data-action="prev" onClick={() => go(at - 1)} disabled={at === 0}>{t("Previous")}</button>
          <span role="status">{t("Step {n} of {total}", { n: at + 1, total: steps.length })}</span>
          <button type="button" data-action="next" onClick={() => go(at + 1)} disabled={at === steps.length - 1}>{t("Next")}</button>
          <button type="button" onClick={() => go(steps.length - 1)}>{t("Last")}</button>
          <input type="range" min={0} max={steps.length - 1} value={at} aria-label={t("Step")} onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
        </div>
        <p class="step-say" aria-live="polite">
          {now.map((e) => n.render(e.say as Message)).join(" ")}
        </p>
      </header>
      <div class="game-grid">
        <div class="main-col">
          <Seats view={step.view} n={n} names={names} seats={seats} showHands />
          <Center view={step.view} n={n} />
        </div>
        <div class="side-col">
          {told.length ? <GameLog events={told} n={n} current={current} /> : null}
          <p>
            <a class="button" href={api.recordUrl(props.id)} download={`loveletter-${props.id}.json`}>{t("Download the record")}</a>{" "}
            <a class="button" href={`/t/${props.id}`} onClick={linkHandler(`/t/${props.id}`)}>{t("Back to the table")}</a>
          </p>
        </div>
      </div>
    </div>
  );
}
