// The mods a post shows, under the post: maker and model, category, each linking to the
// mod on its car's showcase (modHref). Nothing when the post tags none.
import { Link } from "~/components/shell/Link";
import { Wrench } from "~/components/icons";
import { CategoryIcon } from "~/components/mods/category-icons";
import { modHref, modTitle, type TaggedMod } from "~/lib/rules/post-mods";
import "./post-mods.css";

export const POST_MODS_TITLE = "Mods in this post";

export function PostMods({ mods }: { mods: readonly TaggedMod[] }) {
  if (mods.length === 0) return null;
  return (
    <section className="post-mods" aria-labelledby="post-mods-title" data-testid="post-mods">
      <h2 id="post-mods-title" className="post-mods__title">
        <Wrench aria-hidden size={16} /> {POST_MODS_TITLE}
      </h2>
      <ul className="post-mods__list">
        {mods.map((mod) => (
          <li key={mod.id}>
            <Link to={modHref(mod)} className="post-mods__item">
              <CategoryIcon category={mod.category} size={16} />
              <span className="post-mods__name">{modTitle(mod)}</span>
              <span className="post-mods__category">{mod.category}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
