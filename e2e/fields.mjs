// What the browser suites check of form fields: that each shows its whole text (a select its chosen
// choice, an input its value or else its placeholder), not cut at its right edge.

/**
 * The fields `selector` finds in `page` whose text is wider than the room inside them (their width
 * less the padding, and a select's arrow), as "name: text (needs N px, has M px)"; none when all fit.
 * The text is measured in the field's own font.
 */
export async function clippedFields(page, selector) {
  return page.locator(selector).evaluateAll((fields) => {
    const canvas = document.createElement("canvas").getContext("2d");
    // Chromium's arrow of a select takes about this much beside the text.
    const ARROW_PX = 20;
    return fields
      .filter((field) => field.getClientRects().length)
      .map((field) => {
        const style = getComputedStyle(field);
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const select = field.tagName === "SELECT";
        const text = select ? (field.selectedOptions[0]?.textContent ?? "") : field.value || field.placeholder || "";
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (select ? ARROW_PX : 0);
        const needs = canvas.measureText(text).width;
        return needs > room ? `${field.name || field.id}: ${text} (needs ${Math.ceil(needs)} px, has ${Math.floor(room)} px)` : null;
      })
      .filter(Boolean);
  });
}

/**
 * Opens "More options" of the new-game form in `page` (the lobby's, or a profile's challenge
 * dialog's), where a game's own options are folded, unless it is open already.
 */
export async function openMoreOptions(page) {
  const more = page.locator("#more-options");
  await more.waitFor({ state: "attached" });
  if (!(await more.evaluate((details) => details.open))) await more.locator(":scope > summary").click();
}
