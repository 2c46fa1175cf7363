// Ephemeral Path's figure-set pickers for the lobby: a shipped set, the set
// being built in this browser's figure-set builder, or a pasted TOML file,
// for each player. The lobby asks each game's web table for such an editor
// of what its generic options cannot say (here the variant's `sets`).
import { useEffect, useMemo, useState } from "preact/hooks";
import { parse as parseToml } from "smol-toml";
import { linkClick } from "../router";
import type { VariantEditorProps } from "../ui";
import { loadSaved, toFile } from "./figure-set";
import emberCourt from "@sets/ember-court.toml?raw";
import tideWardens from "@sets/tide-wardens.toml?raw";
import glassOrchard from "@sets/glass-orchard.toml?raw";
import lanternPact from "@sets/lantern-pact.toml?raw";
import saltAndIron from "@sets/salt-and-iron.toml?raw";
import quarryGuild from "@sets/quarry-guild.toml?raw";
import gatewrights from "@sets/gatewrights.toml?raw";
import starfallChoir from "@sets/starfall-choir.toml?raw";
import mireStalkers from "@sets/mire-stalkers.toml?raw";

export const SHIPPED_SETS: Record<string, string> = {
  "ember-court": emberCourt,
  "tide-wardens": tideWardens,
  "glass-orchard": glassOrchard,
  "lantern-pact": lanternPact,
  "salt-and-iron": saltAndIron,
  "quarry-guild": quarryGuild,
  gatewrights: gatewrights,
  "starfall-choir": starfallChoir,
  "mire-stalkers": mireStalkers,
};

interface SetFile {
  name?: string;
  figure?: { name?: string }[];
}

const asSet = (v: unknown): SetFile => (typeof v === "object" && v !== null ? (v as SetFile) : {});

export function EphemeralSets({ variant, onChange }: VariantEditorProps) {
  const edition = typeof variant.edition === "string" ? variant.edition : "v0.26";
  const [sets, setSets] = useState<{ choice: string; toml: string }[]>([
    { choice: "ember-court", toml: "" },
    { choice: "tide-wardens", toml: "" },
  ]);
  // The set being built in the figure-set builder, if this browser has one.
  const built = useMemo(() => loadSaved(), []);
  const parsed = useMemo(
    () =>
      sets.map((s): { json: unknown; error: string | null } => {
        if (s.choice === "builder") {
          if (!built) return { json: null, error: "no set in the builder on this browser" };
          return { json: toFile(built.set, edition === "v0.20" ? "v0.20" : "v0.26"), error: null };
        }
        if (s.choice !== "paste") return { json: parseToml(SHIPPED_SETS[s.choice]), error: null };
        if (!s.toml.trim()) return { json: null, error: "paste a figure set (TOML)" };
        try {
          return { json: parseToml(s.toml), error: null };
        } catch (e) {
          return { json: null, error: String((e as Error).message).split("\n")[0] };
        }
      }),
    [sets, built, edition],
  );
  useEffect(() => {
    const bad = parsed.find((p) => p.error);
    onChange(bad ? null : { sets: parsed.map((p) => p.json) }, bad ? `figure set: ${bad.error}` : null);
  }, [parsed]);
  return (
    <>
      {[0, 1].map((i) => (
        <div class="set-pick">
          <label class="field">
            <span>P{i + 1}'s figure set</span>
            <select
              name={`set${i + 1}`}
              value={sets[i].choice}
              onChange={(e) => {
                const next = sets.slice();
                next[i] = { ...next[i], choice: (e.target as HTMLSelectElement).value };
                setSets(next);
              }}
            >
              {Object.keys(SHIPPED_SETS).map((k) => (
                <option value={k}>{asSet(parseToml(SHIPPED_SETS[k])).name}</option>
              ))}
              {built && <option value="builder">My set: {built.set.name || "unnamed"} (from the builder)</option>}
              <option value="paste">Paste my own (TOML)…</option>
            </select>
          </label>
          {sets[i].choice === "paste" && (
            <textarea
              class="toml"
              rows={8}
              placeholder={'name = "My set"\n\n[[figure]]\nname = "Mira"\nclass = "disruptor"\nbase_mm = 25\nhp = 6\nmovement = 8\nforce = 6\nrange = 4\nabilities = ["D4"]'}
              value={sets[i].toml}
              onInput={(e) => {
                const next = sets.slice();
                next[i] = { ...next[i], toml: (e.target as HTMLTextAreaElement).value };
                setSets(next);
              }}
            />
          )}
          <div class={`set-summary ${parsed[i].error ? "bad" : ""}`} data-testid={`set-summary-${i}`}>
            {parsed[i].error
              ? parsed[i].error
              : `${asSet(parsed[i].json).name}: ${(asSet(parsed[i].json).figure ?? []).map((f) => f.name).join(", ")}`}
          </div>
        </div>
      ))}
      <a class="builder-link" href="/build/ephemeral" onClick={(e) => linkClick(e as MouseEvent, "/build/ephemeral")} data-testid="open-builder">
        Build your own figure set →
      </a>
    </>
  );
}
