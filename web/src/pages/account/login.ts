// The sign-in and sign-up page (/login): the controller keeps the two forms' values and refusals
// and sends them; login-view.ts draws them.

import { patch } from "../../vdom.js";
import { lang, t } from "../../i18n.js";
import type { Refusal } from "../../account.js";
import { accountName, postAccount, setAccountName, signOutButton } from "../../account.js";
import type { Navigate, Page } from "../../types.js";
import { loginView } from "./login-view.js";
import type { AccountForms, AccountKind } from "./login-view.js";
import { MIN_PASSWORD } from "../../contract/constants.js";

/**
 * The sign-in and sign-up page: two forms side by side, each refusal shown at the field it
 * names. After success the page goes back to where the player came from (`?next=`) or the lobby.
 */
export function loginPage(main: HTMLElement, { navigate, changed }: { navigate: Navigate; changed: () => void }): Page {
  const forms: AccountForms = {
    errors: { login: {}, signup: {} },
    values: { login: { name: "", password: "" }, signup: { name: "", password: "" } },
  };

  async function submit(kind: AccountKind) {
    forms.errors[kind] = {};
    const reply = await postAccount(`/api/account/${kind}`, forms.values[kind]);
    if (reply.ok) {
      setAccountName(reply.data.name ?? null);
      changed();
      const next = new URLSearchParams(location.search).get("next");
      navigate(next?.startsWith("/") ? next : "/");
      return;
    }
    forms.errors[kind] = { [reply.field || "form"]: reply.data, ...alsoTooShort(kind, forms.values[kind].password) };
    render();
  }

  function render() {
    patch(
      main,
      loginView({
        name: accountName(),
        forms,
        signOut: signOutButton({ navigate, changed }, "page-sign-out"),
        type: (kind, field, value) => {
          forms.values[kind][field] = value;
        },
        submit,
      }),
    );
  }

  return { render, destroy() {} };
}

/**
 * A sign-up's too short password, said beside the server's refusal of the name (the server names
 * one field at a time), so that both are mended at once; nothing when signing in or when it is long enough.
 */
export function alsoTooShort(kind: AccountKind, password: string): Record<string, Refusal> {
  if (kind !== "signup" || [...password].length >= MIN_PASSWORD) return {};
  return { password: { message: { [lang()]: t("acct.passwordShort", { min: MIN_PASSWORD }) } } };
}
