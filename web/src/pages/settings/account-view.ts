// The settings page's "Account" card for a signed-in account (account-card.ts keeps its state and
// sends its forms): change the password, make a new recovery code, close the account.

import { t } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Refusal } from "../../account.js";
import { MIN_PASSWORD } from "../../contract/constants.js";
import { formError, formField, recoveryCodeBox } from "../account/care-view.js";

/** The card's forms. */
export type CareForm = "password" | "code" | "close";

/** The fields of the card's forms. */
export type CareField = "password" | "new_password" | "new_password_again";

/** What the card holds: each form's values and refusals, what was done, the code just made. */
export interface AccountCareState {
  values: Record<CareForm, Record<CareField, string>>;
  errors: Record<CareForm, Record<string, Refusal>>;
  /** Whether the password was just changed. */
  changed: boolean;
  /** The recovery code just made, and whether it was copied. */
  code: { code: string; copied: boolean } | null;
  /** Whether closing was confirmed with the checkbox. */
  closeConfirmed: boolean;
  /** Whether a form is being sent. */
  busy: boolean;
}

/** What the card's forms do. */
export interface AccountCareActions {
  type: (form: CareForm, field: CareField, value: string) => void;
  submit: (form: CareForm) => void;
  confirmClose: (on: boolean) => void;
  copy: () => void;
  dismissCode: () => void;
}

/** A new, empty state of the card. */
export function emptyCare(): AccountCareState {
  const blank = () => ({ password: "", new_password: "", new_password_again: "" });
  return {
    values: { password: blank(), code: blank(), close: blank() },
    errors: { password: {}, code: {}, close: {} },
    changed: false,
    code: null,
    closeConfirmed: false,
    busy: false,
  };
}

/** One of the card's forms: its fields, its button and its refusal. */
function careForm(
  s: AccountCareState,
  a: AccountCareActions,
  form: CareForm,
  fields: [CareField, string, string, string?][],
  button: VNode,
): VNode {
  return v(
    "form",
    {
      key: form,
      id: `care-${form}`,
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          a.submit(form);
        },
      },
    },
    [
      ...fields.map(([name, label, autocomplete, hint]) =>
        formField({
          name,
          label,
          type: "password",
          value: s.values[form][name],
          autocomplete,
          hint,
          error: s.errors[form][name],
          input: (value) => a.type(form, name, value),
        }),
      ),
      button,
      formError(s.errors[form].form),
    ],
  );
}

/** The "Account" card: the password, the recovery code and closing the account. */
export function accountCareView(s: AccountCareState, a: AccountCareActions): VNode {
  const submit = (text: string, extra: Record<string, unknown> = {}) =>
    v("button", { key: "submit", type: "submit", disabled: s.busy, ...extra }, text);
  return v("section", { key: "account-care", class: "card account-care", id: "account-care" }, [
    v("h2", { key: "title" }, t("care.account")),
    v("h3", { key: "password-title" }, t("care.changePassword")),
    careForm(
      s,
      a,
      "password",
      [
        ["password", t("care.currentPassword"), "current-password"],
        ["new_password", t("care.newPassword"), "new-password", t("acct.passwordHint", { min: MIN_PASSWORD })],
        ["new_password_again", t("care.newPasswordAgain"), "new-password"],
      ],
      submit(t("care.changePassword")),
    ),
    s.changed
      ? v("p", { key: "changed", class: "done", role: "status", id: "password-changed" }, t("care.changed"))
      : null,
    v("h3", { key: "code-title" }, t("care.newCodeTitle")),
    v("p", { key: "code-help", class: "muted" }, t("care.newCodeHelp")),
    s.code
      ? recoveryCodeBox(s.code.code, {
          copied: s.code.copied,
          copy: a.copy,
          after: v(
            "button",
            { key: "done", type: "button", id: "recovery-done", on: { click: a.dismissCode } },
            t("care.continue"),
          ),
        })
      : careForm(
          s,
          a,
          "code",
          [["password", t("care.currentPassword"), "current-password"]],
          submit(t("care.newCode")),
        ),
    v("div", { key: "close", class: "danger-zone" }, [
      v("h3", { key: "close-title" }, t("care.closeTitle")),
      v("p", { key: "close-help", class: "muted" }, t("care.closeHelp")),
      careForm(
        s,
        a,
        "close",
        [["password", t("care.currentPassword"), "current-password"]],
        v("div", { key: "submit-row" }, [
          v("label", { key: "confirm", class: "check" }, [
            v("input", {
              key: "input",
              type: "checkbox",
              name: "confirm-close",
              checked: s.closeConfirmed,
              on: { change: (e: Event) => a.confirmClose((e.target as HTMLInputElement).checked) },
            }),
            t("care.closeConfirm"),
          ]),
          v(
            "button",
            { key: "submit", type: "submit", class: "danger", disabled: s.busy || !s.closeConfirmed },
            t("care.close"),
          ),
        ]),
      ),
    ]),
  ]);
}
