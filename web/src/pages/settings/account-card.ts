// The settings page's "Account" card's state and its calls of the server: a new password
// (`POST /api/account/password`), a new recovery code (`…/recovery-code`) and closing the account
// (`…/close`); account-view.ts draws it.

import { postAccount, setAccountName } from "../../account.js";
import { useAccountSettings } from "../../settings.js";
import { copyText, mismatch } from "../account/care-view.js";
import { emptyCare } from "./account-view.js";
import type { AccountCareActions, AccountCareState, CareForm } from "./account-view.js";

/** What the card needs of its page: a redraw, and what follows once the account is closed. */
export interface CareHost {
  redraw: () => void;
  closed: () => void;
}

/** Sends one of the card's forms: its refusal lands at the field it names (or the form), success clears it. */
async function send(state: AccountCareState, host: CareHost, form: CareForm): Promise<void> {
  const values = state.values[form];
  state.errors[form] = {};
  state.changed = false;
  if (form === "password" && values.new_password !== values.new_password_again) {
    state.errors.password = { new_password_again: mismatch() };
    return host.redraw();
  }
  const path = { password: "/api/account/password", code: "/api/account/recovery-code", close: "/api/account/close" }[
    form
  ];
  const body =
    form === "password"
      ? { password: values.password, new_password: values.new_password }
      : { password: values.password };
  state.busy = true;
  host.redraw();
  const reply = await postAccount(path, body).catch(() => null);
  state.busy = false;
  if (!reply) {
    state.errors[form] = { form: { error: "network" } };
    return host.redraw();
  }
  if (!reply.ok) {
    state.errors[form] = { [reply.field || "form"]: reply.data };
    return host.redraw();
  }
  state.values[form] = emptyCare().values[form];
  if (form === "password") state.changed = true;
  if (form === "code" && reply.data.recovery_code) state.code = { code: reply.data.recovery_code, copied: false };
  if (form === "close") {
    setAccountName(null);
    await useAccountSettings(false);
    return host.closed();
  }
  host.redraw();
}

/** The card's state and actions; each change redraws through `host`. */
export function accountCareCard(host: CareHost): { state: AccountCareState; actions: AccountCareActions } {
  const state = emptyCare();
  const actions: AccountCareActions = {
    type(form, field, value) {
      state.values[form][field] = value;
    },
    submit: (form) => void send(state, host, form),
    confirmClose(on) {
      state.closeConfirmed = on;
      host.redraw();
    },
    copy() {
      const shown = state.code;
      if (!shown) return;
      void copyText(shown.code).then((copied) => {
        shown.copied = copied;
        host.redraw();
      });
    },
    dismissCode() {
      state.code = null;
      host.redraw();
    },
  };
  return { state, actions };
}
