// The sign-in page's views (login.ts keeps the forms and submits them): the two forms side by
// side with each refusal at the field it names, or who is signed in.

import { t, lang } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { link } from "../../nav.js";
import type { Refusal } from "../../account.js";
import { MIN_PASSWORD } from "../../contract/constants.js";

/** The message of a refusal in the page's language, as a sentence (the server's may start lowercase). */
function message(data: Refusal): string {
  const text = data.message?.[lang()] || data.error || "";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Which of the two account forms: signing in or signing up. */
export type AccountKind = "login" | "signup";

/** A field of the account forms. */
export type AccountField = "name" | "password";

/** What the two account forms hold: each form's values, and its refusals by field (or `form`). */
export interface AccountForms {
  values: Record<AccountKind, Record<AccountField, string>>;
  errors: Record<AccountKind, Record<string, Refusal>>;
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
      ],
    ),
  ]);
}

/** The sign-in page: who is signed in, or the forms to sign in and to sign up. */
export function loginView(ctx: LoginContext): VNode {
  if (ctx.name) return signedInView(ctx.name, ctx.signOut);
  return v("div", { key: "forms-page", class: "acct-page" }, [
    v("div", { key: "intro", class: "acct-intro" }, [
      v("h1", { key: "title" }, t("acct.signIn")),
      v("p", { key: "optional", class: "muted" }, t("acct.optional")),
    ]),
    accountForm(ctx, "login", { title: t("acct.haveAccount"), button: t("acct.signIn") }),
    accountForm(ctx, "signup", { title: t("acct.newAccount"), button: t("acct.signUp") }),
  ]);
}
