// Mods tagged on posts, as both the server and the browser show them: the shape, the title
// ("Öhlins Road & Track") and where a tagged mod links to.
import type { ModJson } from "~/lib/rules/cars";
import { showcasePath } from "~/lib/paths";

/** A mod as a post tags it: enough to name it and link to it. */
export type TaggedMod = {
  id: number;
  carId: number;
  category: string;
  modelName: string;
  /** The manufacturer's name, when the owner gave one. */
  maker: string | null;
};

/** "Öhlins Road & Track": the maker, then the model name. */
export function modTitle(mod: Pick<TaggedMod, "maker" | "modelName">): string {
  return mod.maker ? `${mod.maker} ${mod.modelName}` : mod.modelName;
}

/** The id of a mod's place on its car's showcase. */
export function modAnchorId(modId: number): string {
  return `mod-${modId}`;
}

/** Where a tagged mod links: its place on its car's showcase. The one place that builds the link. */
export function modHref(mod: Pick<TaggedMod, "id" | "carId">): string {
  return `${showcasePath(mod.carId)}#${modAnchorId(mod.id)}`;
}

/** A mod from GET /api/cars/{id}/mods as a tag choice. */
export function taggedModOf(mod: ModJson): TaggedMod {
  return { id: mod.id, carId: mod.car_id, category: mod.mod_category, modelName: mod.model_name, maker: mod.manufacturer?.name ?? null };
}
