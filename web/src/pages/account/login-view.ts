// The sign-in page's views (login.ts keeps the forms and submits them): the two forms side by
// side with each refusal at the field it names, the recovery form ("Forgot your password?"), the
// recovery code just made, or who is signed in.

import { t } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { link } from "../../nav.js";
import type { Refusal } from "../../account.js";
import { MIN_PASSWORD } from "../../contract/constants.js";
import { formError, formField, recoveryCodeBox, refusalText as message } from "./care-view.js";

/** Which of the two account forms: signing in or signing up. */
export type AccountKind = "login" | "signup";

/** A field of the account forms. */
export type AccountField = "name" | "password";

/** A field of the recovery form. */
export type RecoverField = "name" | "recovery_code" | "new_password" | "new_password_again";

/** What the account forms hold: each form's values, and its refusals by field (or `form`). */
export interface AccountForms {
  values: Record<AccountKind, Record<AccountField, string>>;
  recover: Record<RecoverField, string>;
  errors: Record<AccountKind | "recover", Record<string, Refusal>>;
}

/** A recovery code just made, shown once, and whether it was copied. */
export interface ShownCode {
  code: string;
  copied: boolean;
}

/** What the sign-in page's views need: the forms and the controller's actions. */
export interface LoginContext {
  /** The signed-in account's name, or null. */
  name: string | null;
  /** The forms' values and refusals. */
  forms: AccountForms;
  /** The sign-out button (the header's kind), shown to a signed-in account. */
  signOut: VNode | null;
  /** Keeps what was typed into a field. */
  type: (kind: AccountKind, field: AccountField, value: string) => void;
  /** Sends a form. */
  submit: (kind: AccountKind) => void;
  /** Whether the recovery form is shown in place of the sign-in form. */
  recovering: boolean;
  /** Shows the recovery form (true) or the sign-in form. */
  recover: (on: boolean) => void;
  /** Keeps what was typed into a field of the recovery form. */
  typeRecover: (field: RecoverField, value: string) => void;
  /** Sends the recovery form. */
  submitRecover: () => void;
  /** The recovery code just made (after sign-up or recovery), or null. */
  shownCode: ShownCode | null;
  /** Copies the code shown. */
  copy: () => void;
  /** Goes on once the code is written down. */
  done: () => void;
}

/** The sign-in page of an account already signed in: who it is, its profile and "Sign out". */
function signedInView(name: string, signOut: VNode | null): VNode {
  return v("div", { key: "signed-in-page", class: "acct-page" }, [
    v("section", { key: "signed-in", class: "card acct-signed-in", id: "signed-in" }, [
      v("h1", { key: "title" }, t("acct.signedInAs", { name })),
      v("p", { key: "actions", class: "acct-signed-in-actions" }, [
        link(`/@/${name}`, t("acct.profile"), { class: "button primary" }),
        " ",
        link("/", t("backToLobby"), { class: "button" }),
        " ",
        signOut,
      ]),
    ]),
  ]);
}

/** A field of an account form: its label and input (typing keeps the value), the hint when signing up, its refusal. */
function accountField(
  { forms, type: typed }: LoginContext,
  kind: AccountKind,
  name: AccountField,
  type: string,
  hint: string,
): VNode {
  const error = forms.errors[kind][name];
  return v("label", { key: name }, [
    v("span", { key: "label" }, t(name === "name" ? "acct.name" : "acct.password")),
    v("input", {
      key: "input",
      name,
      type,
      value: forms.values[kind][name],
      autocomplete: type === "password" ? (kind === "signup" ? "new-password" : "current-password") : "username",
      "aria-invalid": error ? "true" : null,
      on: { input: (e: Event) => typed(kind, name, (e.target as HTMLInputElement).value) },
    }),
    kind === "signup" ? v("small", { key: "hint", class: "muted" }, hint) : null,
    error ? v("p", { key: "error", class: "error", role: "alert", "data-error": name }, message(error)) : null,
  ]);
}

/** An account form in its card: name, password, the button and a refusal of the whole form; submitting calls `submit`. */
function accountForm(
  ctx: LoginContext,
  kind: AccountKind,
  { title, button }: { title: string; button: string },
): VNode {
  const { forms, submit } = ctx;
  return v("section", { key: `${kind}-card`, class: "card" }, [
    v("h2", { key: "title" }, title),
    v(
      "form",
      {
        key: kind,
        id: kind,
        on: {
          submit: (e: Event) => {
            e.preventDefault();
            submit(kind);
          },
        },
      },
      [
        accountField(ctx, kind, "name", "text", t("acct.nameHint")),
        accountField(ctx, kind, "password", "password", t("acct.passwordHint", { min: MIN_PASSWORD })),
        v("button", { key: "submit", type: "submit", class: "primary" }, button),
        forms.errors[kind].form
          ? v(
              "p",
              { key: "error", class: "error", role: "alert", "data-error": "form" },
              message(forms.errors[kind].form ?? {}),
            )
          : null,
        kind === "login" ? forgotLink(ctx) : null,
      ],
    ),
  ]);
}

/** The recovery form: name, code and the new password twice, with the way back to signing in. */
function recoverForm(ctx: LoginContext): VNode {
  const { forms, typeRecover, submitRecover, recover } = ctx;
  const errors = forms.errors.recover;
  const field = (name: RecoverField, label: string, type: string, autocomplete: string, hint?: string) =>
    formField({
      name,
      label,
      type,
      value: forms.recover[name],
      autocomplete,
      hint,
      error: errors[name],
      input: (value) => typeRecover(name, value),
    });
  return v("section", { key: "recover-card", class: "card", id: "recover-card" }, [
    v("h2", { key: "title" }, t("care.recoverTitle")),
    v("p", { key: "intro", class: "muted" }, t("care.recoverIntro")),
    v(
      "form",
      {
        key: "recover",
        id: "recover",
        on: {
          submit: (e: Event) => {
            e.preventDefault();
            submitRecover();
          },
        },
      },
      [
        field("name", t("acct.name"), "text", "username"),
        field("recovery_code", t("care.code"), "text", "off", t("care.codeHint")),
        field(
          "new_password",
          t("care.newPassword"),
          "password",
          "new-password",
          t("acct.passwordHint", { min: MIN_PASSWORD }),
        ),
        field("new_password_again", t("care.newPasswordAgain"), "password", "new-password"),
        v("button", { key: "submit", type: "submit", class: "primary" }, t("care.recover")),
        formError(errors.form),
        v(
          "button",
          {
            key: "back",
            type: "button",
            class: "link-button",
            id: "back-to-sign-in",
            on: { click: () => recover(false) },
          },
          t("care.backToSignIn"),
        ),
      ],
    ),
  ]);
}

/** The link under the sign-in form to the recovery form. */
function forgotLink(ctx: LoginContext): VNode {
  return v(
    "button",
    {
      key: "forgot",
      type: "button",
      class: "link-button",
      id: "forgot-password",
      on: { click: () => ctx.recover(true) },
    },
    t("care.forgot"),
  );
}

/** The sign-in page: the recovery code just made, who is signed in, or the forms to sign in (or recover) and to sign up. */
export function loginView(ctx: LoginContext): VNode {
  if (ctx.shownCode)
    return v("div", { key: "code-page", class: "acct-page" }, [
      v("section", { key: "code-card", class: "card acct-signed-in" }, [
        recoveryCodeBox(ctx.shownCode.code, {
          copied: ctx.shownCode.copied,
          copy: ctx.copy,
          after: v(
            "button",
            { key: "done", type: "button", class: "primary", id: "recovery-done", on: { click: ctx.done } },
            t("care.continue"),
          ),
        }),
      ]),
    ]);
  if (ctx.name) return signedInView(ctx.name, ctx.signOut);
  const login = accountForm(ctx, "login", { title: t("acct.haveAccount"), button: t("acct.signIn") });
  return v("div", { key: "forms-page", class: "acct-page" }, [
    v("div", { key: "intro", class: "acct-intro" }, [
      v("h1", { key: "title" }, t("acct.signIn")),
      v("p", { key: "optional", class: "muted" }, t("acct.optional")),
    ]),
    ctx.recovering ? recoverForm(ctx) : login,
    accountForm(ctx, "signup", { title: t("acct.newAccount"), button: t("acct.signUp") }),
  ]);
}
