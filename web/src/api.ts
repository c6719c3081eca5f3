// The HTTP API of docs/protocol.md. Errors come back as {"error": {"code", "params"}} with a 4xx status.
import type { TableSummary } from "./game";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(`${status} ${code}`);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; params?: Record<string, unknown> } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.params ?? {});
  }
  return data as T;
}

/** One finished game of mine (GET /api/me/history, newest first); ``rating``: mine after it. */
export type HistoryItem = {
  table: string; edition: string; players: number; seat: number; seats: (string | null)[]; finishedAt: number;
  tokens: number; won: boolean; rating: { mu: number; sigma: number; ordinal: number } | null;
};
export type Me = { id: string; name: string; rating?: { mu: number; sigma: number; ordinal: number }; games?: number };
export type SeatRequest = { kind: "human" | "bot" | "open"; level?: string };
export type NewTable = {
  edition: string; players: number; profile: string; options: Record<string, unknown>; seats: SeatRequest[];
  visibility: "private" | "public"; timer: { enabled: boolean; seconds: number };
};

export const api = {
  identity: (name: string) => call<Me & { token: string }>("POST", "/api/identity", { name }),
  me: () => call<Me>("GET", "/api/me"),
  rename: (name: string) => call<Me>("PATCH", "/api/me", { name }),
  history: () => call<HistoryItem[]>("GET", "/api/me/history?limit=20"),
  bots: () => call<{ level: string }[]>("GET", "/api/bots"),
  tables: () => call<TableSummary[]>("GET", "/api/tables"),
  table: (id: string, invite: string | null = null) =>
    call<TableSummary>("GET", `/api/tables/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`),
  create: (req: NewTable) => call<TableSummary & { invite: string }>("POST", "/api/tables", req),
  join: (id: string, seat: number | null, invite: string | null) =>
    call<TableSummary>("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, invite: invite ?? undefined }),
  leave: (id: string) => call<unknown>("POST", `/api/tables/${encodeURIComponent(id)}/leave`),
  start: (id: string) => call<TableSummary>("POST", `/api/tables/${encodeURIComponent(id)}/start`),
  rematch: (id: string) => call<TableSummary>("POST", `/api/tables/${encodeURIComponent(id)}/rematch`),
  replay: (id: string) => call<unknown>("GET", `/api/tables/${encodeURIComponent(id)}/replay`),
  summary: (id: string) => call<unknown>("GET", `/api/tables/${encodeURIComponent(id)}/summary`),
  recordUrl: (id: string) => `/api/tables/${encodeURIComponent(id)}/record`,
};
