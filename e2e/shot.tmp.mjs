import { chromium } from "playwright-core";
const [url, out, game] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(url);
if (game) { await page.locator(`select[name="game"]`).first().selectOption(game); }
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
