// The audit panel: the service's verification report (hash chain, seed against its
// commitment, re-decided events, rules version), the seed checked again in this browser once
// revealed, and the portable record of a finished game.

import * as api from "./api.js";
import { h, words } from "./dom.js";

const MARK = { passed: "✔", skipped: "–", failed: "✘" };

async function sha256(textValue) {
  if (!crypto.subtle) return null; // not a secure context (plain http on another host)
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(textValue));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function auditPanel(getResource) {
  const body = h("div", { class: "audit-body" }, "…");
  const element = h("details", { class: "audit", id: "audit" }, h("summary", {}, "Audit"), body);
  let loaded = false;

  async function load() {
    const resource = getResource();
    loaded = true;
    const report = await api.audit(resource.id);
    const checks = h("ul", { class: "checks" }, report.checks.map((c) =>
      h("li", { "data-check": c.name, "data-status": c.status, class: c.status },
        `${MARK[c.status] ?? "?"} ${words(c.name)}: ${c.detail}`)));
    const seed = resource.seed;
    const digest = seed ? await sha256(seed) : null;
    const seedLine = seed
      ? h("p", { id: "seed" }, "Seed: ", h("code", {}, seed),
        digest === null ? "" : digest === resource.seed_commitment
          ? h("span", { class: "passed", "data-browser-check": "passed" }, " ✔ its sha256 is the commitment (checked in this browser)")
          : h("span", { class: "failed", "data-browser-check": "failed" }, " ✘ its sha256 is not the commitment"))
      : h("p", { id: "seed" }, "Seed: secret until the game ends.");
    const record = h("p", { id: "record" });
    if (resource.status === "finished") {
      record.append(h("a", { href: api.recordUrl(resource.id), download: `gamestate-${resource.id}.json` }, "Download the record"));
      api.record(resource.id).then((r) => record.append(
        ` (${r.format}: ${r.commands.length} commands, ${r.events.length} events, finished ${new Date(r.finished_at).toLocaleString()})`,
      )).catch(() => {});
    } else {
      record.append("The record can be downloaded once the game has ended.");
    }
    body.replaceChildren(
      h("p", { class: report.ok ? "passed" : "failed", id: "audit-result" },
        report.ok ? "✔ Every check that can run now passed." : "✘ A check failed."),
      checks,
      h("p", {}, `Rules version ${report.rules_version} · audited at version ${report.version} (${report.status})`),
      h("p", {}, "Seed commitment (sha256, published at creation): ", h("code", {}, resource.seed_commitment)),
      seedLine,
      record);
  }

  const run = () => load().catch((error) => body.replaceChildren(`Audit unavailable: ${error.message}`));
  element.addEventListener("toggle", () => { if (element.open && !loaded) run(); });
  return {
    element,
    refresh() {
      loaded = false;
      if (element.open) run();
    },
  };
}
