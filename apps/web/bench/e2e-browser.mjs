#!/usr/bin/env node
// Decision 016: what a page load costs each Debian Chromium build the e2e suite could drive.
// Loads one page 15 times per browser (a new context each, kept open 1 s), alternating browsers,
// and prints the wall time and the CPU seconds of the browser's processes still alive at the end
// (with this script's own; a closed context's renderer is not counted). Needs a running
// server: BENCH_URL=http://127.0.0.1:3000/products/vocalith node apps/web/bench/e2e-browser.mjs
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000/products/vocalith';
const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].filter((path) => existsSync(path));
const loads = 15;

/** CPU seconds (user + system) of a process and its living descendants, from `ps`. */
function treeCpuSeconds(rootPid) {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,times='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const row of rows) children.set(row[1], [...(children.get(row[1]) ?? []), row]);
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop();
    total += rows.find(([id]) => id === pid)?.[2] ?? 0;
    stack.push(...(children.get(pid) ?? []).map(([id]) => id));
  }
  return total;
}

for (const round of [1, 2]) {
  for (const executablePath of browsers) {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    const started = Date.now();
    const cpuBefore = treeCpuSeconds(process.pid);
    for (let index = 0; index < loads; index += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForTimeout(1_000);
      await context.close();
    }
    const wall = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`round ${round} ${executablePath}: ${wall} s wall, ${treeCpuSeconds(process.pid) - cpuBefore} CPU s`);
    await browser.close();
  }
}
