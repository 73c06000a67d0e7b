// The recovery code just made (at sign-up, after a recovery, or on the settings page), shown once
// with the note to write it down and a copy button; and the texts of the account's care (the
// recovery form of the sign-in page and the settings page's "Account" card).

import { t, lang, addTexts } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Refusal } from "../../account.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "care.codeTitle": "Your recovery code",
    "care.codeNote":
      "Write it down and keep it somewhere safe. If you forget your password, this code (with your name) lets you set a new one. It is shown only now and works once.",
    "care.continue": "I have written it down",
    "care.forgot": "Forgot your password?",
    "care.recoverTitle": "Set a new password with your recovery code",
    "care.recoverIntro": "You were given the code when you made your account (or when you last used or renewed one).",
    "care.code": "Recovery code",
    "care.codeHint": "Five groups of four letters and digits",
    "care.newPassword": "New password",
    "care.newPasswordAgain": "New password again",
    "care.mismatch": "The two new passwords differ",
    "care.recover": "Set new password",
    "care.backToSignIn": "Back to sign in",
    "care.account": "Account",
    "care.currentPassword": "Current password",
    "care.changePassword": "Change password",
    "care.changed": "Your password is changed. Your other devices are signed out.",
    "care.newCodeTitle": "Recovery code",
    "care.newCodeHelp": "A new code replaces the one you have; the old one stops working.",
    "care.newCode": "Make a new recovery code",
    "care.closeTitle": "Close account",
    "care.closeHelp":
      "Closing is for good: you cannot sign in any more and the name cannot be taken again. Your games and ratings stay, under the name, marked as closed. Open seeks, challenges and tournament entries are withdrawn.",
    "care.closeConfirm": "I understand that this cannot be undone",
    "care.close": "Close my account",
    "care.closed": "Your account is closed.",
  },
  de: {
    "care.codeTitle": "Dein Wiederherstellungscode",
    "care.codeNote":
      "Schreib ihn auf und bewahre ihn sicher auf. Wenn du dein Passwort vergisst, kannst du mit diesem Code (und deinem Namen) ein neues setzen. Er wird nur jetzt gezeigt und gilt einmal.",
    "care.continue": "Ich habe ihn aufgeschrieben",
    "care.forgot": "Passwort vergessen?",
    "care.recoverTitle": "Neues Passwort mit dem Wiederherstellungscode setzen",
    "care.recoverIntro":
      "Den Code hast du beim Anlegen deines Kontos bekommen (oder als du zuletzt einen benutzt oder erneuert hast).",
    "care.code": "Wiederherstellungscode",
    "care.codeHint": "Fünf Gruppen aus je vier Buchstaben und Ziffern",
    "care.newPassword": "Neues Passwort",
    "care.newPasswordAgain": "Neues Passwort wiederholen",
    "care.mismatch": "Die beiden neuen Passwörter sind verschieden",
    "care.recover": "Neues Passwort setzen",
    "care.backToSignIn": "Zurück zur Anmeldung",
    "care.account": "Konto",
    "care.currentPassword": "Aktuelles Passwort",
    "care.changePassword": "Passwort ändern",
    "care.changed": "Dein Passwort ist geändert. Deine anderen Geräte sind abgemeldet.",
    "care.newCodeTitle": "Wiederherstellungscode",
    "care.newCodeHelp": "Ein neuer Code ersetzt deinen bisherigen; der alte gilt dann nicht mehr.",
    "care.newCode": "Neuen Wiederherstellungscode erzeugen",
    "care.closeTitle": "Konto schließen",
    "care.closeHelp":
      "Das Schließen ist endgültig: Du kannst dich nicht mehr anmelden, und der Name kann nicht neu vergeben werden. Deine Partien und Wertungen bleiben unter dem Namen, als geschlossen markiert. Offene Gesuche, Herausforderungen und Turnieranmeldungen werden zurückgezogen.",
    "care.closeConfirm": "Mir ist klar, dass das nicht rückgängig zu machen ist",
    "care.close": "Mein Konto schließen",
    "care.closed": "Dein Konto ist geschlossen.",
  },
});

/** Copies `text` to the clipboard; resolves to whether the browser allowed it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The code just made, with the note to write it down, its copy button and what follows (`after`). */
export function recoveryCodeBox(
  code: string,
  { copied, copy, after }: { copied: boolean; copy: () => void; after: VNode | null },
): VNode {
  return v("div", { key: "recovery-code", class: "token-secret recovery-code", id: "recovery-code", role: "status" }, [
    v("h2", { key: "title" }, t("care.codeTitle")),
    // Groups kept whole: a narrow screen breaks the code only after a hyphen.
    v(
      "code",
      { key: "value", class: "token-value", id: "recovery-code-value" },
      code
        .split("-")
        .flatMap((group, i, groups) => [
          v("span", { key: `g${i}`, class: "code-group" }, i < groups.length - 1 ? `${group}-` : group),
          i < groups.length - 1 ? v("wbr", { key: `b${i}` }) : null,
        ]),
    ),
    v("p", { key: "note", class: "warning" }, t("care.codeNote")),
    v("p", { key: "actions", class: "recovery-actions" }, [
      v(
        "button",
        { key: "copy", type: "button", id: "recovery-copy", on: { click: copy } },
        copied ? t("copied") : t("copy"),
      ),
      after,
    ]),
  ]);
}

/** A refusal's message in the page's language, as a sentence (the server's may start lowercase). */
export function refusalText(data: Refusal): string {
  const text = data.message?.[lang()] || data.error || "";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A labelled input of an account form with its hint and its refusal; typing calls `input`. */
export function formField({
  name,
  label,
  type,
  value,
  autocomplete,
  hint,
  error,
  input,
}: {
  name: string;
  label: string;
  type: string;
  value: string;
  autocomplete: string;
  hint?: string;
  error?: Refusal;
  input: (value: string) => void;
}): VNode {
  return v("label", { key: name }, [
    v("span", { key: "label" }, label),
    v("input", {
      key: "input",
      name,
      type,
      value,
      autocomplete,
      "aria-invalid": error ? "true" : null,
      on: { input: (e: Event) => input((e.target as HTMLInputElement).value) },
    }),
    hint ? v("small", { key: "hint", class: "muted" }, hint) : null,
    error ? v("p", { key: "error", class: "error", role: "alert", "data-error": name }, refusalText(error)) : null,
  ]);
}

/** The refusal of a whole form, or nothing. */
export function formError(error: Refusal | undefined): VNode | null {
  return error
    ? v("p", { key: "error", class: "error", role: "alert", "data-error": "form" }, refusalText(error))
    : null;
}

/** The refusal of two new passwords that differ (said before anything is sent). */
export function mismatch(): Refusal {
  return { message: { [lang()]: t("care.mismatch") } };
}
