// @vitest-environment node
// The TypeScript renderer against the golden file that Python's loveletter.narrate.render wrote
// (tests/web_golden.py): every sample, every language, the exact same text.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Catalog, LANGS, type CatalogData } from "../src/i18n/catalog";
import { Narrator, join, type Message } from "../src/i18n/render";
import { compilePlural } from "../src/i18n/plural";
import { fill } from "../src/i18n/typography";

const catalogs = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: CatalogData }>("../src/generated/i18n/*.json", { eager: true })).map(
    ([, mod]) => [mod.default.lang, new Catalog(mod.default)],
  ),
);

type Case = { edition: string; names: string[]; deck: { values: Record<string, number>; counts: Record<string, number> };
  samples: { message: Message; text: Record<string, string> }[] };

describe("narration golden file", () => {
  const golden = JSON.parse(readFileSync(new URL("./golden/narration.json", import.meta.url), "utf8"));
  const cases = golden.cases as Case[];
  it("has samples from every edition", () => {
    expect(new Set(cases.map((c) => c.edition))).toEqual(new Set(["classic", "premium", "2019"]));
    expect(cases.reduce((n, c) => n + c.samples.length, 0)).toBeGreaterThan(1000);
  });
  for (const lang of LANGS) {
    it(`renders every sample exactly as Python in ${lang}`, () => {
      const wrong: string[] = [];
      let count = 0;
      for (const c of cases) {
        const n = new Narrator(catalogs[lang], { seats: c.names, edition: c.edition, deck: c.deck });
        for (const s of c.samples) {
          const got = n.render(s.message);
          count++;
          if (got !== s.text[lang]) wrong.push(`${JSON.stringify(s.message)}\n  python: ${JSON.stringify(s.text[lang])}\n  ts:     ${JSON.stringify(got)}`);
        }
      }
      expect(count).toBeGreaterThan(1000);
      expect(wrong.slice(0, 5).join("\n")).toBe("");
    });
  }
});

describe("pieces", () => {
  it("evaluates gettext plural expressions", () => {
    const fr = compilePlural("(n > 1)");
    expect([0, 1, 2].map(fr)).toEqual([0, 0, 1]);
    const ru = compilePlural("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)");
    expect([1, 2, 5, 11, 21, 22, 25].map(ru)).toEqual([0, 1, 2, 2, 0, 1, 2]);
    expect(compilePlural("0")(7)).toBe(0);
    expect(() => compilePlural("n +")).toThrow();
  });
  it("joins lists with the Spanish e/u", () => {
    const es = catalogs.es;
    expect(join(es, ["Ana", "Inés"])).toBe("Ana e Inés");
    expect(join(es, ["Ana", "Hielo"])).toBe("Ana y Hielo");
    expect(join(es, ["7", "8"], "or")).toBe("7 u 8");
    expect(join(es, [])).toBe("–");
  });
  it("spaces Chinese around Latin text but not punctuation", () => {
    expect(fill("zh", "{a}打出{b}。", { a: "Ada", b: "卫兵" })).toBe("Ada 打出卫兵。");
    expect(fill("zh", "（{n}）", { n: "5" })).toBe("（5）");
    expect(fill("en", "{a} and {{b}}", { a: "x" })).toBe("x and {b}");
  });
  it("groups numbers the way Babel does", () => {
    expect(catalogs.fr.number(1234567)).toBe("1\u202f234\u202f567");
    expect(catalogs.nl.number(-1234)).toBe("-1.234");
    expect(catalogs.en.number(999)).toBe("999");
  });
});
