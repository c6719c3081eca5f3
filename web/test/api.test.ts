// REST errors reach the player in words: the rate limit's 429 included, in every language.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../src/api";
import { LANGS } from "../src/i18n/catalog";
import { apiError } from "../src/ui/labels";
import { useLang } from "./helpers";

afterEach(() => vi.unstubAllGlobals());

describe("REST errors", () => {
  it("a 429 from the rate limit becomes an ApiError with its code", async () => {
    vi.stubGlobal("fetch", async () =>
      new Response(JSON.stringify({ error: { code: "too_many_requests", params: { retryAfter: 2 } } }), {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "2" },
      }),
    );
    const err = await api.tables().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
    expect((err as ApiError).code).toBe("too_many_requests");
  });

  it("is worded, not shown as a code, in every language", () => {
    for (const lang of LANGS) {
      useLang(lang);
      const text = apiError("too_many_requests");
      expect(text).not.toContain("too_many_requests");
      expect(text).toBe(apiError("http_429"));
      expect(text).not.toBe(apiError("some_unknown_code"));
    }
  });
});
