// Tests of i18n.js: the browser's language, a key's text before any table
// is loaded (the key itself, its {names} filled), numbers for the language.

import { test } from "node:test";
import assert from "node:assert/strict";
import { browserLanguage, t, signed, percent, language } from "../static/i18n.js";

test("browserLanguage takes the first language we have", () => {
  const cases = [
    [[], "en"],
    [undefined, "en"],
    [["fr", "de"], "en"],
    [["zh-CN"], "zh-Hans"],
    [["zh"], "zh-Hans"],
    [["zh-Hans-SG"], "zh-Hans"],
    [["zh-TW"], "zh-Hant"],
    [["ZH-hk"], "zh-Hant"],
    [["fr", "zh-MO", "en"], "zh-Hant"],
    [["en-GB", "zh-CN"], "en"],
    [["zhx"], "en"],
  ];
  for (const [list, want] of cases) assert.equal(browserLanguage(list), want, JSON.stringify(list));
});

test("t falls back to the key and fills in its parameters", () => {
  assert.equal(language(), "en");
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(t("{who} played {n}", { who: "Black", n: 3 }), "Black played 3");
  assert.equal(t("{who} played {n}", { who: "Black" }), "Black played {n}");
});

test("numbers carry their sign and percentages are whole", () => {
  assert.equal(signed(2.5), "+2.5");
  assert.equal(signed(-3, 0), "-3");
  assert.equal(signed(0), "0.0");
  assert.equal(percent(0.5), "50%");
  assert.equal(percent(0.666), "67%");
});
