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

const { loginView } = await import("../src/pages/account/login-view.js");
const { drawn } = await import("./dom.js");

/** The sign-in page's context with nobody signed in and empty forms; `over` changes parts. */
function context(over: Partial<import("../src/pages/account/login-view.js").LoginContext> = {}) {
  return {
    name: null,
    forms: {
      values: { login: { name: "", password: "" }, signup: { name: "", password: "" } },
      recover: { name: "", recovery_code: "", new_password: "", new_password_again: "" },
      errors: { login: {}, signup: {}, recover: {} },
    },
    signOut: null,
    type: () => undefined,
    submit: () => undefined,
    recovering: false,
    recover: () => undefined,
    typeRecover: () => undefined,
    submitRecover: () => undefined,
    shownCode: null,
    copy: () => undefined,
    done: () => undefined,
    ...over,
  };
}

test("the sign-in form offers a way back for a forgotten password: name, code and the new password twice", async () => {
  setLang("en");
  let asked: boolean | null = null;
  const forms = await drawn(loginView(context({ recover: (on) => (asked = on) })));
  const forgot = forms?.querySelector<HTMLButtonElement>("#login #forgot-password");
  assert.equal(forgot?.textContent, "Forgot your password?");
  forgot?.click();
  assert.equal(asked, true);
  const recovering = await drawn(loginView(context({ recovering: true })));
  assert.equal(recovering?.querySelector("#login"), null, "the recovery form takes the sign-in form's place");
  assert.deepEqual(
    [...(recovering?.querySelectorAll<HTMLInputElement>("#recover input") ?? [])].map((i) => [i.name, i.type]),
    [
      ["name", "text"],
      ["recovery_code", "text"],
      ["new_password", "password"],
      ["new_password_again", "password"],
    ],
  );
  assert.ok(recovering?.querySelector("#signup"), "signing up stays beside it");
  setLang("de");
  const german = await drawn(loginView(context()));
  assert.equal(german?.querySelector("#forgot-password")?.textContent, "Passwort vergessen?");
  setLang("en");
});

test("after sign-up the recovery code is shown once, with the note to write it down and a copy button", async () => {
  setLang("en");
  let done = false;
  const shown = await drawn(
    loginView(
      context({
        name: "anna",
        shownCode: { code: "ABCD-EFGH-JKMN-PQRS-TUVW", copied: false },
        done: () => (done = true),
      }),
    ),
  );
  assert.equal(shown?.querySelector("#recovery-code-value")?.textContent, "ABCD-EFGH-JKMN-PQRS-TUVW");
  assert.match(shown?.querySelector("#recovery-code .warning")?.textContent ?? "", /shown only now/);
  assert.equal(shown?.querySelector("#recovery-copy")?.textContent, "Copy");
  shown?.querySelector<HTMLButtonElement>("#recovery-done")?.click();
  assert.ok(done, "the player goes on once it is written down");
  setLang("de");
  const german = await drawn(loginView(context({ name: "anna", shownCode: { code: "X", copied: true } })));
  assert.equal(german?.querySelector("#recovery-code h2")?.textContent, "Dein Wiederherstellungscode");
  assert.equal(german?.querySelector("#recovery-copy")?.textContent, "Kopiert");
  setLang("en");
});
