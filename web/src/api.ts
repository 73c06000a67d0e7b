// Calls of the server's JSON API.

import { t } from "./i18n.js";
import type { Lang, UiError } from "./i18n.js";

/** A refused or failed call: the server's short error, its message in both languages, the status. */
export class ApiError extends Error implements UiError {
  /** The HTTP status, when the server answered. */
  status?: number;
  /** The server's message in English and German. */
  text?: Partial<Record<Lang, string>>;
  /** Whether the server could not be reached. */
  offline?: boolean;
}

/**
 * Calls the API; resolves to the JSON body or throws an `ApiError` with the server's message
 * (`text` holds it in English and German, see `errorText`), or one marked `offline` when the
 * server cannot be reached. `token` is a seat's bearer token.
 */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  } catch {
    const error = new ApiError(t("notSent"));
    error.offline = true;
    throw error;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new ApiError(data.error || `${response.status}`);
    error.status = response.status;
    error.text = data.message;
    throw error;
  }
  return data as T;
}
