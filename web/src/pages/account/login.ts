// The sign-in and sign-up page (/login): the controller keeps the forms' values and refusals
// (and the recovery form's, "Forgot your password?") and sends them; after a sign-up or a
// recovery it shows the new recovery code once. login-view.ts draws them.

import { patch } from "../../vdom.js";
import { lang, t } from "../../i18n.js";
import type { Refusal } from "../../account.js";
import { accountName, postAccount, setAccountName, signOutButton } from "../../account.js";
import { useAccountSettings } from "../../settings.js";
import type { Navigate, Page } from "../../types.js";
import { loginView } from "./login-view.js";
import type { AccountForms, AccountKind, ShownCode } from "./login-view.js";
import { copyText, mismatch } from "./care-view.js";
import { MIN_PASSWORD } from "../../contract/constants.js";

/**
 * The sign-in and sign-up page: two forms side by side, each refusal shown at the field it
 * names. After success (and the recovery code, after a sign-up or a recovery) the page goes back
 * to where the player came from (`?next=`) or the lobby.
 */
export function loginPage(main: HTMLElement, { navigate, changed }: { navigate: Navigate; changed: () => void }): Page {
  const forms: AccountForms = {
    errors: { login: {}, signup: {}, recover: {} },
    values: { login: { name: "", password: "" }, signup: { name: "", password: "" } },
    recover: { name: "", recovery_code: "", new_password: "", new_password_again: "" },
  };
  let recovering = false;
  let shownCode: ShownCode | null = null;

  const goOn = () => {
    const next = new URLSearchParams(location.search).get("next");
    navigate(next?.startsWith("/") ? next : "/");
  };

  /** Signed in as `name`: the account's settings apply here, then the new code shows (or the page goes on). */
  async function signedIn(name: string | null, code: string | undefined) {
    setAccountName(name ?? null);
    await useAccountSettings(Boolean(name));
    changed();
    if (code) {
      shownCode = { code, copied: false };
      render();
    } else goOn();
  }

  async function submit(kind: AccountKind) {
    forms.errors[kind] = {};
    const reply = await postAccount(`/api/account/${kind}`, forms.values[kind]);
    if (reply.ok) return signedIn(reply.data.name ?? null, reply.data.recovery_code);
    forms.errors[kind] = { [reply.field || "form"]: reply.data, ...alsoTooShort(kind, forms.values[kind].password) };
    render();
  }

  const submitRecover = () => recover(forms, signedIn, render);

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
        recovering,
        recover(on) {
          recovering = on;
          forms.errors.recover = {};
          render();
        },
        typeRecover(field, value) {
          forms.recover[field] = value;
        },
        submitRecover,
        shownCode,
        copy() {
          const shown = shownCode;
          if (!shown) return;
          void copyText(shown.code).then((copied) => {
            shown.copied = copied;
            render();
          });
        },
        done() {
          shownCode = null;
          goOn();
        },
      }),
    );
  }

  return { render, destroy() {} };
}

/**
 * Sends the recovery form: two new passwords that differ are refused before anything is sent; a
 * refusal lands at the field it names; success signs in (`signedIn` with the name and the new code).
 */
async function recover(
  forms: AccountForms,
  signedIn: (name: string | null, code: string | undefined) => Promise<void>,
  render: () => void,
): Promise<void> {
  const { name, recovery_code, new_password, new_password_again } = forms.recover;
  forms.errors.recover = {};
  if (new_password !== new_password_again) {
    forms.errors.recover = { new_password_again: mismatch() };
    return render();
  }
  const reply = await postAccount("/api/account/recover", { name, recovery_code, new_password });
  if (reply.ok) return signedIn(reply.data.name ?? null, reply.data.recovery_code);
  forms.errors.recover = { [reply.field || "form"]: reply.data };
  render();
}

/**
 * A sign-up's too short password, said beside the server's refusal of the name (the server names
 * one field at a time), so that both are mended at once; nothing when signing in or when it is long enough.
 */
export function alsoTooShort(kind: AccountKind, password: string): Record<string, Refusal> {
  if (kind !== "signup" || [...password].length >= MIN_PASSWORD) return {};
  return { password: { message: { [lang()]: t("acct.passwordShort", { min: MIN_PASSWORD }) } } };
}
