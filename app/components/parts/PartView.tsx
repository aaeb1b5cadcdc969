// The part page's body: who runs the part (car, owner, when fitted, cost where shown), the
// gains reported (median and count per type and unit) and the posts that show it.
import { Link } from "~/components/shell/Link";
import { CarFront, Gauge, Images, Wrench } from "~/components/icons";
import { carName, formatGainAmount, toCents } from "~/lib/rules/cars";
import type { GainStat } from "~/lib/rules/names";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import type { CarSummary } from "~/lib/wire";
import "./parts.css";
import { shortDate, formatCost } from "~/lib/rules/formats";
import { ColumnHeads } from "~/components/shell/ColumnHeads";

export type PartViewData = {
  part: { id: number; name: string; model_name: string; category: string; manufacturer: { id: number; name: string } };
  car_count: number;
  rows: {
    mod_id: number;
    car: CarSummary & { photo?: string | null };
    owner: { username: string; nickname: string | null };
    installed_at: string;
    cost?: number;
  }[];
  gains: GainStat[];
  posts: { id: number; story: string; created_at: string; author: string; cover_image: string | null }[];
};

function label(type: string) {
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : type;
}

function GainRow({ gain }: { gain: GainStat }) {
  const amount = formatGainAmount({ amount: gain.median, unit: gain.unit });
  return (
    <li className="part-gain" data-gain-type={gain.type}>
      {/* The colon and space keep the type apart from its figure in text browsers. */}
      <span className="part-gain__type">{label(gain.type)}:</span>{" "}
      {gain.count > 1 ? (
        <span className="part-gain__value">
          median <strong>{amount}</strong> from {gain.count} reports
        </span>
      ) : (
        <span className="part-gain__value">
          <strong>{amount}</strong> from 1 report
        </span>
      )}
    </li>
  );
}

export function PartView({ data }: { data: PartViewData }) {
  const { part, car_count: carCount, rows, gains, posts } = data;
  return (
    <div className="part-view">
      <section className="part-section card" aria-labelledby="part-cars-title">
        <h2 id="part-cars-title" className="part-section__title">
          <CarFront aria-hidden size={20} /> Cars that run it <span className="part-section__count">{carCount}</span>
        </h2>
        {rows.length ? (
          <table className="part-cars">
            <ColumnHeads names={["Car", "Owner", "Fitted", "Cost"]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.mod_id}>
                  <td>
                    <Link to={showcasePath(row.car.id)} className="part-car">
                      {row.car.photo ? <img className="part-car__photo" src={row.car.photo} alt="" width={48} height={32} loading="lazy" /> : null}
                      {carName(row.car)}
                    </Link>
                  </td>
                  <td>
                    <Link to={userPath(row.owner.username)}>@{row.owner.username}</Link>
                  </td>
                  <td>
                    <time dateTime={row.installed_at}>{shortDate(row.installed_at)}</time>
                  </td>
                  <td>{typeof row.cost === "number" ? formatCost(toCents(row.cost)) : <span className="part-muted">Not shown</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="part-muted">No car shows this part right now.</p>
        )}
        {carCount > rows.length ? <p className="part-muted">The first {rows.length} are listed.</p> : null}
      </section>

      <section className="part-section card" aria-labelledby="part-gains-title">
        <h2 id="part-gains-title" className="part-section__title">
          <Gauge aria-hidden size={20} /> Gains reported
        </h2>
        {gains.length ? (
          <ul className="part-gains">
            {gains.map((gain) => (
              <GainRow key={`${gain.type}|${gain.unit}`} gain={gain} />
            ))}
          </ul>
        ) : (
          <p className="part-muted">No owner has reported a gain from the {part.name} yet.</p>
        )}
      </section>

      <section className="part-section card" aria-labelledby="part-posts-title">
        <h2 id="part-posts-title" className="part-section__title">
          <Images aria-hidden size={20} /> Posts that show it
        </h2>
        {posts.length ? (
          <ul className="part-posts">
            {posts.map((post) => (
              <li key={post.id}>
                <Link to={postPath(post.id)} className="part-post">
                  {post.cover_image ? <img src={post.cover_image} alt="" loading="lazy" width={64} height={64} /> : <Wrench aria-hidden size={24} />}
                  <span className="part-post__text">
                    <span className="part-post__story">{post.story || "A post"}</span>
                    <span className="part-muted">
                      @{post.author} · <time dateTime={post.created_at}>{shortDate(post.created_at)}</time>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="part-muted">No post shows this part yet.</p>
        )}
      </section>
    </div>
  );
}
