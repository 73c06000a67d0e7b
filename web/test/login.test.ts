// Signing up with a bad name and a too short password: both are said at once (the server names one
// field at a time), in the page's language; signing in says nothing of length.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./dom.js";

installDom();
const { alsoTooShort } = await import("../src/pages/account/login.js");
const { setLang } = await import("../src/i18n.js");

test("a sign-up's too short password is refused beside the name, in both languages", () => {
  setLang("en");
  assert.deepEqual(alsoTooShort("signup", "123"), {
    password: { message: { en: "Too short: a password has at least 8 characters" } },
  });
  assert.deepEqual(alsoTooShort("signup", "12345678"), {});
  assert.deepEqual(alsoTooShort("login", "123"), {});
  // Characters, not bytes: eight umlauts are enough.
  assert.deepEqual(alsoTooShort("signup", "ääääääää"), {});
  setLang("de");
  assert.deepEqual(alsoTooShort("signup", "x"), {
    password: { message: { de: "Zu kurz: Ein Passwort hat mindestens 8 Zeichen" } },
  });
  setLang("en");
});
